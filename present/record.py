"""The record of a ruling for the tournament's file: who, where and when (event, session, board,
table, pairs, director, time), what was ruled on (the auction record or the tree), every fact and
who established it (the record or the director), the trail of provisions, the governing
provision's text verbatim, the replacement call and the ruling; as JSON, Markdown and a
printable HTML page.

A JSON record read back (:func:`parse`) gives the inputs again; :func:`reproduce` rules on them
with :func:`laws.rulings.rule.rule` and :func:`differences` says whether the same ruling comes out.
Nothing here imports Streamlit: the app's upload and the tests use the same functions.
"""
from __future__ import annotations

import html
import json
from datetime import datetime, timezone

from i18n import N_
from laws.rulings import auction as A
from laws.rulings import rule as RU

from . import ruling as PR

FORMAT = "bridge-rulebook/ruling-record"
VERSION = 1
MAX_BYTES = 1_000_000
# the circumstances of the ruling, in the order the form and the record show them
META_FIELDS = ("event", "session", "board", "table", "pairs_ns", "pairs_ew", "director", "time")
META_LABELS = {"event": N_("Event"), "session": N_("Session"), "board": N_("Board"), "table": N_("Table"),
               "pairs_ns": N_("Pair North-South"), "pairs_ew": N_("Pair East-West"), "director": N_("Director"),
               "time": N_("Time")}
META_MAX = 200


class RecordError(ValueError):
    """A record that cannot be read back: ``msgid`` and ``params`` say why, in English until
    :meth:`translate`."""

    def __init__(self, msgid: str, **params):
        super().__init__(msgid.format(**params))
        self.msgid, self.params = msgid, params

    def translate(self, t) -> str:
        return t.gettext(self.msgid).format(**self.params)


def facts_table(d: dict, answers: list, t) -> list[dict]:
    """Every fact the ruling rests on, with who established it: ``record`` (the auction shows
    it) or ``director`` (an answer to a question)."""
    given = dict(answers)
    out = []
    for k, v in (d.get("facts_used") or {}).items():
        by = "director" if k in given else "record"
        out.append({"fact": k, "value": v, "question": PR.question_text(k, t, d), "answer": PR.option_label(k, v, t),
                    "established_by": by})
    for k, v in answers:  # answers the walk did not use are kept too, marked as such
        if k not in (d.get("facts_used") or {}):
            out.append({"fact": k, "value": v, "question": PR.question_text(k, t, d), "answer": PR.option_label(k, v, t),
                        "established_by": "director", "used": False})
    return out


def build(d: dict, inputs: dict, answers: list, meta: dict, t, corpus, now: datetime | None = None) -> dict:
    """The record of the ruling ``d`` (a result of ``rule``, translated with ``t`` or not) made
    from ``inputs`` (``dealer`` and ``auction``, or ``tree``) and the director's ``answers``
    ((fact, value) pairs), with the circumstances ``meta`` (see :data:`META_FIELDS`)."""
    key, gp = PR.governing(d, corpus, getattr(t, "lang", None))
    trail = [{"key": k, "display": _display(k)} for k in d.get("trail") or []]
    rec = {
        "format": FORMAT,
        "version": VERSION,
        "generated": (now or datetime.now(timezone.utc)).isoformat(timespec="seconds"),
        "language": t.lang,
        "meta": {f: str(meta.get(f) or "")[:META_MAX] for f in META_FIELDS},
        "input": {k: v for k, v in inputs.items() if v},
        "answers": [{"fact": k, "value": v, "question": PR.question_text(k, t, d), "answer": PR.option_label(k, v, t)}
                    for k, v in answers],
        "facts": facts_table(d, answers, t),
        "irregularity": d.get("irregularity"),
        "irregularity_label": PR.kind_label(d.get("irregularity"), t),
        "offender": d.get("offender"),
        "trail": trail,
        "law": d.get("law"),
        "laws_edition": PR.laws_edition(d),
        "replacement_call": PR.replacement_call(d),
        "rows": [{"label": a, "value": b} for a, b in PR.ruling_rows(d, t)] if d.get("status") == "ruling" else [],
        "ruling": d.to_dict() if hasattr(d, "to_dict") else d,
    }
    if gp is not None:
        rec["governing_provision"] = {"key": str(key), "display": key.display, "lang": gp.lang,
                                      "authority": gp.pub.authority, "edition": gp.pub.edition,
                                      "heading": gp.heading, "text": _whole_text(gp, corpus)}
    elif key is not None:     # no text of the ruling's edition holds it: said so, never another edition's text
        rec["governing_absent"] = {"key": str(key), "display": key.display,
                                   "text": PR.absent_text({"key": key, "edition": PR.laws_edition(d)}, t)}
    return rec


def _display(k: str) -> str:
    from present.auction import key_text

    return key_text(k)


def _whole_text(p, corpus) -> str:
    """A provision's text with its parts' texts, verbatim, one paragraph a line."""
    lines = [p.text] if p.text else []
    for d in corpus.descendants(p.key, p.lang):
        if d.own_text:
            lines.append(f"{d.key.display} {d.own_text}")
    if p.tail:
        lines.append(p.tail)
    return "\n".join(x.strip() for x in lines if x and x.strip())


def to_json(rec: dict) -> str:
    return json.dumps(rec, ensure_ascii=False, indent=2, default=str)


def parse(text) -> dict:
    """The inputs of a JSON record read back: ``{"input": ..., "answers": [(fact, value)...],
    "meta": ...}``. Raises :class:`RecordError` saying what is wrong with it."""
    if isinstance(text, bytes):
        if len(text) > MAX_BYTES:
            raise RecordError(N_("The file is too large for a ruling record ({size} bytes; at most {max})."),
                              size=len(text), max=MAX_BYTES)
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise RecordError(N_("The file is not UTF-8 text: a ruling record is a JSON file.")) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(N_("The file is not valid JSON (line {line}, column {column}: {reason})."),
                          line=e.lineno, column=e.colno, reason=e.msg) from None
    except RecursionError:
        raise RecordError(N_("The file is not valid JSON (nested too deeply).")) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError(N_("This JSON file is not a ruling record of this app (its “format” is not {format})."),
                          format=FORMAT)
    if data.get("version") != VERSION:
        raise RecordError(N_("Ruling record version {version} is not supported (this app reads version {supported})."),
                          version=str(data.get("version"))[:20], supported=VERSION)
    inp = data.get("input")
    if not isinstance(inp, dict):
        raise RecordError(N_("The record has no “input” (the auction record or the tree ruled on)."))
    out_input = {}
    from laws.rulings import trees as R

    edition = data.get("laws_edition")
    if edition is not None and (not isinstance(edition, str) or edition not in R.editions()):
        raise RecordError(R.EditionUnknown.msgid, edition=str(edition)[:20], editions=", ".join(R.editions()))
    if inp.get("tree") is not None:
        tree = inp["tree"]
        if not isinstance(tree, str) or tree not in R.trees(edition):
            raise RecordError(N_("The record names an unknown tree “{tree}”."), tree=str(tree)[:80])
        out_input["tree"] = tree
    elif inp.get("auction") is not None:
        auction, dealer = inp.get("auction"), inp.get("dealer", "N")
        if not isinstance(auction, str) or not isinstance(dealer, str):
            raise RecordError(N_("The record's auction and dealer must be text."))
        try:
            out_input["dealer"] = A.normalize_seat(dealer)
        except A.AuctionError:
            raise RecordError(N_("The record's dealer “{dealer}” is not N, E, S or W."), dealer=dealer[:20]) from None
        out_input["auction"] = auction[:2000]
    else:
        raise RecordError(N_("The record has no “input” (the auction record or the tree ruled on)."))
    answers = data.get("answers") or []
    if not isinstance(answers, list):
        raise RecordError(N_("The record's “answers” must be a list."))
    pairs = []
    for i, a in enumerate(answers, 1):
        if not (isinstance(a, dict) and isinstance(a.get("fact"), str) and isinstance(a.get("value"), str)):
            raise RecordError(N_("Answer {n} of the record has no “fact” and “value”."), n=i)
        pairs.append((a["fact"], a["value"]))
    meta = data.get("meta") if isinstance(data.get("meta"), dict) else {}
    return {"input": out_input, "answers": pairs, "laws_edition": edition,
            "meta": {f: str(meta.get(f) or "")[:META_MAX] for f in META_FIELDS},
            "recorded": {k: data.get(k) for k in ("irregularity", "law", "trail", "laws_edition")},
            "recorded_node": (data.get("ruling") or {}).get("node") if isinstance(data.get("ruling"), dict) else None}


def reproduce(parsed: dict) -> dict:
    """The ruling on the inputs of a parsed record, by :func:`laws.rulings.rule.rule` (untranslated).
    Raises ``AuctionError`` or ``RulingError`` as ``rule`` does."""
    inp = parsed["input"]
    facts = dict(parsed["answers"])
    if "tree" in inp:
        return RU.rule(None, None, facts, inp["tree"], parsed.get("laws_edition"))
    return RU.rule(inp["dealer"], inp["auction"], facts, None, parsed.get("laws_edition"))


def differences(parsed: dict, d: dict) -> list[str]:
    """The fields where the ruling ``d`` differs from what the record says was ruled."""
    rec = parsed["recorded"]
    out = []
    for k in ("irregularity", "law"):
        if rec.get(k) is not None and rec.get(k) != d.get(k):
            out.append(k)
    if rec.get("trail") is not None:
        got = [x.get("key") if isinstance(x, dict) else x for x in rec["trail"] or []]
        if got != list(d.get("trail") or []):
            out.append("trail")
    return out


# -- Markdown and the print view ---------------------------------------------------------------------
def _labels(t) -> dict:
    return {"dealer": t.gettext("Dealer"), "auction": t.gettext("Auction record"), "tree": t.gettext("Irregularity"),
            "offender": t.gettext("Offender"), "trail": t.gettext("Provisions passed:"), "date": t.gettext("Date"),
            "facts": t.gettext("The facts"), "by_record": t.gettext("the record"),
            "by_director": t.gettext("the director"), "ruling": t.gettext("Ruling"),
            "governing": t.gettext("The governing provision"), "edition": t.gettext("Edition of the Laws"),
            "established": t.gettext("established by"), "circumstances": t.gettext("Circumstances")}


def _seat(s, t) -> str:
    return PR.seat(s, t)


def _tree_title(tree_id: str, t, edition: str | None = None) -> str:
    from laws.rulings import trees as R

    tree = R.trees(edition).get(tree_id)
    return t.gettext(tree.title) if tree else tree_id


def _md_escape(s: str) -> str:
    """Record text in Markdown: user input never becomes a link or markup."""
    import re

    return re.sub(r"([\\`*_\[\]<>])", r"\\\1", str(s or ""))


def to_markdown(rec: dict, t) -> str:
    """The record as Markdown, in the language of ``t``."""
    L = _labels(t)
    d = rec["ruling"]
    e = _md_escape
    out = [f"# {L['ruling']}: {e(rec['irregularity_label'])}", ""]
    meta = [(t.gettext(META_LABELS[f]), rec["meta"].get(f)) for f in META_FIELDS if rec["meta"].get(f)]
    if meta:
        out += [f"## {L['circumstances']}", ""] + [f"- **{a}**: {e(b)}" for a, b in meta] + [""]
    inp = rec["input"]
    if "auction" in inp:
        out.append(f"- **{L['dealer']}**: {_seat(inp['dealer'], t)}")
        out.append(f"- **{L['auction']}**: `{inp['auction'].replace('`', '')}`")
    else:
        out.append(f"- **{L['tree']}**: {e(_tree_title(inp['tree'], t, rec.get('laws_edition')))}")
    if rec.get("offender"):
        out.append(f"- **{L['offender']}**: {_seat(rec['offender'], t)}")
    out.append(f"- **{L['trail']}** {' › '.join(x['display'] for x in rec['trail'])}")
    if rec.get("laws_edition"):
        out.append(f"- **{L['edition']}**: {rec['laws_edition']}")
    out.append(f"- **{L['date']}**: {rec['generated']}")
    if rec["facts"]:
        out += ["", f"## {L['facts']}", ""]
        for i, f in enumerate(rec["facts"], 1):
            by = L["by_director"] if f["established_by"] == "director" else L["by_record"]
            out.append(f"{i}. {e(f['question'])} → **{e(f['answer'])}** ({L['established']} {by})")
    if d.get("status") == "ruling":
        out += ["", f"## {L['ruling']} ({_display(d['law'])}, {e(d.get('edition_label') or rec.get('laws_edition') or '')})",
                "", e(d["explanation"]), ""]
        out += [f"- **{e(r['label'])}**: {e(r['value'])}" for r in rec["rows"]]
    gp = rec.get("governing_provision")
    if gp:
        out += ["", f"## {L['governing']}: {gp['display']} ({gp['authority']} {gp['edition']}, {gp['lang']})", ""]
        if gp["heading"]:
            out += [f"*{e(gp['heading'])}*", ""]
        out += ["> " + e(para) for para in (gp["text"] or "").split("\n") if para]
    ga = rec.get("governing_absent")
    if ga and not gp:
        out += ["", f"## {L['governing']}: {ga['display']}", "", e(ga["text"])]
    return "\n".join(out) + "\n"


def to_html(rec: dict, t) -> str:
    """The record as a standalone HTML page to print (or to keep in the tournament's file)."""
    L = _labels(t)
    d = rec["ruling"]
    e = lambda s: html.escape(str(s or ""), quote=True)  # noqa: E731
    rows = []
    for f in META_FIELDS:
        if rec["meta"].get(f):
            rows.append((t.gettext(META_LABELS[f]), rec["meta"][f]))
    inp = rec["input"]
    if "auction" in inp:
        rows += [(L["dealer"], _seat(inp["dealer"], t)), (L["auction"], inp["auction"])]
    else:
        rows.append((L["tree"], _tree_title(inp["tree"], t, rec.get("laws_edition"))))
    if rec.get("offender"):
        rows.append((L["offender"], _seat(rec["offender"], t)))
    rows.append((L["trail"], " › ".join(x["display"] for x in rec["trail"])))
    if rec.get("laws_edition"):
        rows.append((L["edition"], f"{rec['laws_edition']}"))
    rows.append((L["date"], rec["generated"]))
    body = [f"<h1>{e(L['ruling'])}: {e(rec['irregularity_label'])}</h1>",
            "<table class='meta'>" + "".join(f"<tr><th>{e(a)}</th><td>{e(b)}</td></tr>" for a, b in rows) + "</table>"]
    if rec["facts"]:
        body.append(f"<h2>{e(L['facts'])}</h2><ol>" + "".join(
            f"<li>{e(f['question'])} → <b>{e(f['answer'])}</b> <small>({e(L['established'])} "
            f"{e(L['by_director'] if f['established_by'] == 'director' else L['by_record'])})</small></li>"
            for f in rec["facts"]) + "</ol>")
    if d.get("status") == "ruling":
        body.append(f"<h2>{e(L['ruling'])} · {e(_display(d['law']))}</h2><p>{e(d['explanation'])}</p>")
        body.append("<table class='ruling'>" + "".join(
            f"<tr><th>{e(r['label'])}</th><td>{e(r['value'])}</td></tr>" for r in rec["rows"]) + "</table>")
    gp = rec.get("governing_provision")
    if gp:
        body.append(f"<h2>{e(L['governing'])}: {e(gp['display'])} <small>({e(gp['authority'])} {e(gp['edition'])}, "
                    f"{e(gp['lang'])})</small></h2>")
        if gp["heading"]:
            body.append(f"<p><i>{e(gp['heading'])}</i></p>")
        body.append("<blockquote>" + "".join(f"<p>{e(p)}</p>" for p in (gp["text"] or "").split("\n") if p)
                    + "</blockquote>")
    ga = rec.get("governing_absent")
    if ga and not gp:
        body.append(f"<h2>{e(L['governing'])}: {e(ga['display'])}</h2><p>{e(ga['text'])}</p>")
    css = ("body{font:15px/1.5 system-ui,sans-serif;max-width:46rem;margin:1.5rem auto;padding:0 1rem;color:#222}"
           "table{border-collapse:collapse;width:100%;margin:.5rem 0}th,td{text-align:left;vertical-align:top;"
           "padding:.25rem .5rem;border-bottom:1px solid #ddd}th{width:40%;font-weight:600}"
           "blockquote{margin:.5rem 0;padding:.2rem 1rem;border-left:3px solid #888}h1{font-size:1.4rem}"
           "h2{font-size:1.1rem;margin-top:1.2rem}@media print{body{margin:0}}")
    return (f"<!DOCTYPE html><html lang='{e(rec.get('language') or 'en')}'><head><meta charset='utf-8'>"
            f"<title>{e(L['ruling'])}: {e(rec['irregularity_label'])}</title><style>{css}</style></head><body>"
            + "".join(body) + "</body></html>\n")
