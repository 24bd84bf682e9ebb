"""A provision as the front ends show it: ``show_data`` is everything ``rulebook show`` prints and
the app's Read page displays, as data."""
from __future__ import annotations

from laws import keys as K
from laws.corpus import LANGS, load

from . import UserError


def resolve_key(text: str, t):
    """Parse a key in any usual form, or raise a UserError with the nearest keys."""
    corpus = load()
    try:
        key = K.parse_key(text)
    except K.KeyError_:
        near = [k.display for k in corpus.nearest(text)]
        raise UserError(t.gettext("{text!r} is not a provision key. Nearest: {near}").format(
            text=text, near=", ".join(near) or "-"), {"suggestions": near}) from None
    return key


def subtree(corpus, key, lang) -> list[dict]:
    p = corpus.get(key, lang)
    if p is None:
        return []
    out = []
    for c in p.children:
        cp = corpus.get(c, lang)
        if cp is None:
            continue
        out.append({"key": str(c), "display": c.display, "heading": cp.heading, "text": cp.own_text,
                    "notes": [n.text for n in cp.notes], "cites": [str(k) for k in cp.cites],
                    "label_reconstructed": cp.reconstructed, "children": subtree(corpus, c, lang)})
    return out


def show_data(key, lang: str | None, t) -> dict:
    """Everything ``show`` prints, as data (also used by the app)."""
    corpus = load()
    if not corpus.has(key):
        near = [k.display for k in corpus.nearest(str(key))]
        citing = sorted({f"{p.key.display} ({p.lang})" for p, _ in corpus.cited_by(key)})
        if citing:
            msg = t.gettext("{key} is not in the corpus: no text holds it (it is cited by {citing}). Nearest: {near}")
        else:
            msg = t.gettext("{key} is not in the corpus. Nearest: {near}")
        raise UserError(msg.format(key=key.display, citing=", ".join(citing), near=", ".join(near) or "-"),
                        {"key": str(key), "absent": True, "cited_by": citing, "suggestions": near})
    langs = corpus.langs_of(key)
    chosen = lang if lang in langs else None
    if lang and lang != "en" and lang not in langs:
        chosen = None
    shown = chosen or (langs[0] if not lang or lang == "en" else None)
    p = corpus.get(key, shown) if shown else None
    data: dict = {
        "key": str(key), "display": key.display, "eid": key.eid, "iri": key.iri,
        "requested_lang": lang, "lang": shown, "available_langs": langs,
        "absent_in": [lg for lg in LANGS if lg not in langs],
        "provision": p.to_dict(corpus) if p else None,
        "children": subtree(corpus, key, shown) if shown else [],
        "parent": str(key.parent) if key.parent else None,
        "breadcrumb": [],
    }
    anc = key.parent
    while anc is not None:
        ap = corpus.get(anc, shown) if shown else corpus.get(anc)
        data["breadcrumb"].insert(0, {"key": str(anc), "display": anc.display, "heading": ap.heading if ap else None})
        anc = anc.parent
    cites = []
    for lg in langs:
        for c in corpus.get(key, lg).citations:
            for k in c.keys:
                cites.append({"key": str(k), "display": k.display, "lang": lg, "words": c.words, "where": c.where,
                              "present": corpus.has(k), "langs": corpus.langs_of(k)})
    data["cites"] = cites
    data["cites_absent"] = sorted({c["key"] for c in cites if not c["present"]})
    cited_by = [{"key": str(cp.key), "display": cp.key.display, "lang": cp.lang, "words": c.words,
                 "where": c.where} for cp, c in corpus.cited_by(key)]
    data["cited_by"] = cited_by
    data["cited_by_through_children"] = [
        {"key": str(cp.key), "display": cp.key.display, "lang": cp.lang, "words": c.words,
         "target": str(next(k for k in c.keys if k == key or str(k).startswith(str(key))))}
        for cp, c in corpus.cited_by(key, through_children=True) if key not in c.keys]
    data["other_languages"] = {}
    for lg in LANGS:
        if lg == shown:
            continue
        op = corpus.get(key, lg)
        data["other_languages"][lg] = None if op is None else {
            "authority": op.pub.authority, "edition": op.pub.edition, "heading": op.heading,
            "text": op.own_text, "notes": [n.text for n in op.notes], "children": subtree(corpus, key, lg)}
    return data

