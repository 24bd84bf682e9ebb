"""A provision as the front ends show it: ``show_data`` is everything ``rulebook show`` prints and
the app's Read page displays, as data.

A provision is identified by (edition of the Laws, key). Which edition ``show_data`` shows:

1. the ``edition`` asked for (``--edition 2007``, or a key written ``2007:16D``);
2. else, with a text language (``--lang nl``), that language's publication's edition, if that
   edition holds or cites the key;
3. else the edition that holds the key, and if both do, the edition of the first text holding it
   in the order es, nl, it (so ``40B3`` shows the AEB's 2007 40B3 and says that 2017 40B3 is another
   provision); a key that no text holds but some text cites is absent in the edition of the
   texts citing it.

``edition_choice`` says which rule chose it (``asked``, ``language``, ``only``, ``first_text``,
``cited``), and the data always carry ``laws_edition``.
"""
from __future__ import annotations

from i18n import N_, language_name
from laws import editions as E
from laws import keys as K
from laws.corpus import LANGS, load

from . import UserError

#: the statuses of the correspondence table, as the front ends say them
STATUS_LABELS = {"same": N_("same"), "reworded": N_("reworded"), "renumbered": N_("renumbered"),
                 "changed": N_("changed"), "new": N_("new"), "deleted": N_("deleted")}


def resolve_key(text: str, t):
    """Parse a key in any usual form, or raise a UserError with the nearest keys. An edition
    prefix (``2007:16D``) is accepted and dropped: use :func:`resolve_qualified` to keep it."""
    return resolve_qualified(text, t)[1]


def resolve_qualified(text: str, t) -> tuple:
    """``(edition or None, key)`` of a key in any usual form, possibly qualified (``2007:16D``,
    ``2017/16C``), or a UserError with the nearest keys."""
    corpus = load()
    edition, rest = E.split_qualified(text)
    try:
        key = K.parse_key(rest)
    except K.KeyError_:
        near = [k.display for k in corpus.nearest(rest)]
        raise UserError(t.gettext("{text!r} is not a provision key. Nearest: {near}").format(
            text=text, near=", ".join(near) or "-"), {"suggestions": near}) from None
    return edition, key


def check_edition(edition, t) -> str | None:
    """``edition`` as an edition id of the registry (None stays None), or a translated UserError."""
    if edition is None or edition == "":
        return None
    try:
        return E.check_edition(edition)
    except E.EditionError:
        raise UserError(t.gettext("{edition} is not an edition of the Laws: use one of {editions}").format(
            edition=edition, editions=", ".join(E.editions())), {"edition": str(edition)}) from None


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


def corresponds(corpus, edition: str, key) -> list[dict]:
    """The provisions of the neighbouring editions that ``edition:key`` corresponds to (the tables),
    each ``{key, display, laws_edition, qualified, status, verified, note, source, present, langs}``."""
    if not isinstance(key, K.LawKey):
        return []
    out = []
    for c in E.corresponding(edition, key):
        d = c.to_dict()
        if c.key:
            k = K.from_canonical(c.key)
            d.update(display=k.display, qualified=c.qualified, present=corpus.has(k, edition=c.laws_edition),
                     langs=corpus.langs_of(k, c.laws_edition))
        else:
            d.update(display=None, qualified=None, present=False, langs=[])
        out.append(d)
    return out


def choose_edition(corpus, key, lang: str | None, edition: str | None) -> tuple[str | None, str]:
    """(edition, why) for showing ``key``: see the module's docstring."""
    if edition:
        return edition, "asked"
    cited = [e for e in corpus.editions() if corpus.cited_by(key, edition=e)]
    lang_ed = corpus.edition_of(lang) if lang in LANGS else None
    if lang_ed and (corpus.has(key, edition=lang_ed) or lang_ed in cited):
        return lang_ed, "language"
    holding = corpus.editions_of(key)
    if len(holding) == 1:
        return holding[0], "only"
    if holding:
        first = next(lg for lg in LANGS if corpus.has(key, lg))
        return corpus.edition_of(first), "first_text"
    if cited:
        first = next((corpus.edition_of(lg) for lg in LANGS
                      if any(p.lang == lg for p, _ in corpus.cited_by(key))), cited[0])
        return first, "cited"
    return None, "none"


def _citing_items(pairs) -> list[dict]:
    return [{"key": str(cp.key), "display": cp.key.display, "lang": cp.lang, "laws_edition": cp.laws_edition,
             "words": c.words, "where": c.where} for cp, c in pairs]


def show_data(key, lang: str | None, t, edition: str | None = None) -> dict:
    """Everything ``show`` prints, as data (also used by the app): the provision ``edition:key``
    (see the module's docstring for the edition chosen when none is given)."""
    corpus = load()
    edition = check_edition(edition, t)
    ed, why = choose_edition(corpus, key, lang, edition)
    if ed is None or not corpus.has(key, edition=ed):
        near_keys = corpus.nearest(str(key), n=40)
        if ed:  # the nearest keys of the same edition first (the other edition's 16C is no neighbour of 2007 16D)
            near_keys = [k for k in near_keys if corpus.has(k, edition=ed)] + \
                [k for k in near_keys if not corpus.has(k, edition=ed)]
        near = [k.display if not ed or corpus.has(k, edition=ed)
                else E.qualified(next(iter(corpus.editions_of(k)), ed), k.display) for k in near_keys[:5]]
        pairs = corpus.cited_by(key, edition=ed) if ed else []
        citing = sorted({f"{p.key.display} ({p.lang})" for p, _ in pairs})
        corr = corresponds(corpus, ed, key) if ed else []
        corr_text = ", ".join(correspondence_text(c, t) for c in corr)
        if ed and citing:
            msg = t.gettext("{edition} {key} is not in the corpus: no text of the {edition} Laws holds it "
                            "(it is cited by {citing}).").format(edition=ed, key=key.display, citing=", ".join(citing))
        elif ed:
            msg = t.gettext("{edition} {key} is not in the corpus: no text of the {edition} Laws holds it.").format(
                edition=ed, key=key.display)
        else:
            msg = t.gettext("{key} is not in the corpus.").format(key=key.display)
        if corr_text:
            msg += " " + t.gettext("It corresponds to: {list}.").format(list=corr_text)
        msg += " " + t.gettext("Nearest: {near}").format(near=", ".join(near) or "-")
        raise UserError(msg, {"key": str(key), "laws_edition": ed, "qualified": E.qualified(ed, key) if ed else None,
                              "absent": True, "cited_by": citing, "cited_by_detail": _citing_items(pairs),
                              "corresponds": corr, "suggestions": near})
    langs = corpus.langs_of(key, ed)
    shown = lang if lang in langs else (None if lang in LANGS else langs[0])
    p = corpus.get(key, shown, ed) if shown else None
    pub = p.pub if p else corpus.get(key, edition=ed).pub
    data: dict = {
        "key": str(key), "display": key.display, "eid": key.eid, "iri": key.iri,
        "laws_edition": ed, "qualified": E.qualified(ed, key), "edition_choice": why,
        "editions": corpus.editions_of(key),
        "requested_lang": lang, "lang": shown, "available_langs": langs,
        "absent_in": [lg for lg in LANGS if lg not in langs],
        "other_edition_langs": [lg for lg in LANGS if corpus.edition_of(lg) not in (None, ed)],
        "publication": pub.to_dict(),
        "provision": p.to_dict(corpus) if p else None,
        "children": subtree(corpus, key, shown) if shown else [],
        "parent": str(key.parent) if key.parent else None,
        "breadcrumb": [],
    }
    anc = key.parent
    while anc is not None:
        ap = corpus.get(anc, shown, ed) if shown else corpus.get(anc, edition=ed)
        data["breadcrumb"].insert(0, {"key": str(anc), "display": anc.display, "heading": ap.heading if ap else None})
        anc = anc.parent
    cites = []
    for lg in langs:
        for c in corpus.get(key, lg, ed).citations:
            for k in c.keys:
                cites.append({"key": str(k), "display": k.display, "lang": lg, "laws_edition": ed,
                              "qualified": E.qualified(ed, k), "words": c.words, "where": c.where,
                              "present": corpus.has(k, edition=ed), "langs": corpus.langs_of(k, ed),
                              "corresponds": corresponds(corpus, ed, k)})
    data["cites"] = cites
    data["cites_absent"] = sorted({c["key"] for c in cites if not c["present"]})
    data["cited_by"] = _citing_items(corpus.cited_by(key, edition=ed))
    data["cited_by_through_children"] = [
        dict(item, target=str(next(k for k in c.keys if k == key or str(k).startswith(str(key)))))
        for item, (cp, c) in ((_citing_items([pc])[0], pc) for pc in corpus.cited_by(key, through_children=True, edition=ed))
        if key not in c.keys]
    data["corresponds"] = corresponds(corpus, ed, key)
    data["other_editions"] = [{
        "laws_edition": o, "qualified": E.qualified(o, key), "present": corpus.has(key, edition=o),
        "langs": corpus.langs_of(key, o),
        "cited_by": _citing_items(corpus.cited_by(key, edition=o)),
        "corresponds": corresponds(corpus, o, key),
    } for o in E.others(ed)]
    data["other_edition"] = data["other_editions"][0] if data["other_editions"] else None  # the one in force first
    data["lineage"] = E.lineage(ed, key) if isinstance(key, K.LawKey) else E.qualified(ed, key)
    data["other_languages"] = {}
    for lg in LANGS:
        if lg == shown:
            continue
        op = corpus.get(key, lg, ed)
        data["other_languages"][lg] = None if op is None else {
            "authority": op.pub.authority, "edition": op.pub.edition, "laws_edition": op.laws_edition,
            "heading": op.heading, "text": op.own_text, "notes": [n.text for n in op.notes],
            "children": subtree(corpus, key, lg)}
    return data


def status_label(status: str, t) -> str:
    """A status of the correspondence table, translated (``renumbered`` -> ``renumerado``)."""
    msgid = STATUS_LABELS[status]
    return t.gettext(msgid)


def correspondence_text(c: dict, t) -> str:
    """``2017 16C (renumbered)``, ``2017 16C (renumbered, not verified)``, ``none in the 2017 Laws (deleted)``."""
    status = status_label(c["status"], t)
    if not c.get("verified", True):
        status += ", " + t.gettext("not verified")
    if not c["key"]:
        return t.gettext("none in the {edition} Laws ({status})").format(edition=c["laws_edition"], status=status)
    s = t.gettext("{edition} {key} ({status})").format(edition=c["laws_edition"], key=c["display"], status=status)
    if not c.get("present"):
        s += " " + t.gettext("[not in the corpus]")
    return s


EDITION_CHOICE = {
    "asked": N_("the edition asked for"),
    "language": N_("the edition of the {lang} text"),
    "only": N_("the only edition whose texts hold it"),
    "first_text": N_("both editions hold {key}; shown: the edition of the first text holding it (use --edition for the other)"),
    "cited": N_("the edition of the texts citing it"),
}


def edition_line(data: dict, t) -> str:
    """``2007 Laws (AEB 2007, es): both editions hold 40B3; ...``: which edition is shown and why."""
    pub = data["publication"]
    choice = EDITION_CHOICE[data["edition_choice"]]
    lang = data.get("requested_lang")
    why = t.gettext(choice).format(lang=language_name(lang, t.lang, title=False) if lang else "", key=data["display"])
    return t.gettext("Edition: the {edition} Laws ({authority} {year}) — {why}").format(
        edition=data["laws_edition"], authority=pub["authority"], year=pub["year"], why=why)
