"""A ruling as the front ends show it: the labels of its irregularity, questions and answers,
its consequences as (label, value) rows, the governing provision in the text the tree follows,
the replacement call, and a one-line summary of the rectification (the practice page's choices).

Everything here reads the result of :func:`laws.rulings.rule.rule` (translated or not) as it is; the
ruling itself is always decided there, never here.
"""
from __future__ import annotations

from i18n import N_
from laws.rulings import auction as A
from laws.rulings import rule as RU
from laws.rulings import trees as R

def _publication(pub_id: str | None):
    from laws.corpus import publication

    try:
        return publication(pub_id) if pub_id else None
    except Exception:  # an unknown publication id: no label, no text
        return None


def edition_of_lang(corpus, lang: str | None) -> str | None:
    """The WBF edition the text in ``lang`` follows (``es`` -> ``"2007"``, ``nl`` -> ``"2017"``)."""
    return corpus.edition_of(lang) if lang else None


def text_lang_of(pub_id: str | None) -> str | None:
    """The language of the text of a publication (``es-aeb-2007`` -> ``es``)."""
    pub = _publication(pub_id)
    return pub.lang if pub is not None else None


def in_edition(corpus, key, lang: str | None, edition: str | None = None):
    """The provision ``key`` in the text ``lang``, else in another text of the same WBF edition
    (``edition``, by default the one ``lang``'s text follows); None if no text of that edition
    holds it (another edition's text is never put in its place: the numbering moved between 2007
    and 2017). With neither, the first text that holds it."""
    ed = edition or edition_of_lang(corpus, lang)
    if ed is None:
        return corpus.get(key, lang) if lang else corpus.get(key)
    return (corpus.get(key, lang, ed) if lang else None) or corpus.get(key, edition=ed)


def laws_edition(d: dict) -> str | None:
    """The WBF edition a ruling (or a tree's ``follows``) rests on: ``"2007"`` or ``"2017"``."""
    if d.get("laws_edition"):
        return str(d["laws_edition"])
    from laws.editions import edition_of_publication

    pub_id = d.get("follows") or d.get("edition")
    try:
        return edition_of_publication(pub_id) if pub_id else None
    except Exception:
        return None


def edition_text(edition: str | None, t) -> str:
    """``Follows the 2007 Laws.``: the edition of the Laws a ruling or a tree follows (its ``laws_edition``)."""
    if not edition:
        return ""
    return t.gettext("Follows {publication}.").format(publication=t.gettext(RU.EDITION_LABEL).format(edition=edition))


def fact(key: str):
    return R.all_facts().get(key)


def option_label(fact_key: str, value: str, t) -> str:
    f = fact(fact_key)
    return t.gettext((f.option_labels.get(value) if f else None) or value)


def question_text(fact_key: str, t, d: dict | None = None) -> str:
    """The question that established ``fact_key``: the wording of the node of the ruling ``d``'s path that asked it
    (a tree's own question, e.g. the director offering the LHO his option), else the fact's general question."""
    ed = (d or {}).get("laws_edition")
    reg = R.trees(ed) if ed in R.tree_editions() else {}
    for tid, nid in (d or {}).get("path") or []:
        n = reg[tid].nodes.get(nid) if tid in reg else None
        if n is not None and n.ask == fact_key and n.question:
            return t.gettext(n.question)
    f = fact(fact_key)
    return t.gettext(f.question) if f else fact_key


def kind_label(kind: str | None, t, edition: str | None = None) -> str:
    if not kind:
        return ""
    tree = R.by_irregularity(kind, edition) or next(
        (x for reg in R.all_trees().values() for x in reg.values() if x.irregularity == kind), None)
    label = A.KIND_LABELS.get(kind) or RU.KIND_LABELS.get(kind) or (tree.title if tree else kind)
    return t.gettext(label)


def seat(s: str | None, t) -> str:
    from present.auction import seat_name

    return seat_name(s, t)


def calls_text(calls: list[dict], t) -> str:
    from present.auction import call_text

    return ", ".join(f"{seat(c['seat'], t)} {call_text(A.parse_call(c['call']), t)}" for c in calls)


def replacement_call(d: dict) -> dict | None:
    """The call made in place of the irregular one (``{"seat": "E", "call": "2D"}``), from the
    replayed auction of the ruling; None if there is none (yet)."""
    call = d.get("call") or {}
    auction = d.get("auction") or {}
    if "index" not in call:
        return None
    for c in auction.get("calls") or []:
        if c.get("substitute_for") == call["index"]:
            return {"index": c["index"], "seat": c["seat"], "call": c["call"]}
    return None


# A ruling given while its tree waits for a later call (``awaiting_call``: the fact that call gives):
# the partner's obligation to pass follows from that call (27B1/27B2, 31B, 30B1...), not known yet.
AWAITING_LABELS = {"replacement": N_("depends on the replacement call"),
                   "offender_called": N_("depends on the offender's next call"),
                   "rho_action": N_("depends on the next call of the offender's right-hand opponent")}
AWAITING_ANY = N_("depends on the call still to come")


def ruling_rows(d: dict, t) -> list[tuple[str, str]]:
    """The ruling's consequences, as (label, value) rows (the card, and the record)."""
    yes, no = t.gettext("yes"), t.gettext("no")
    rows = []
    quiet = (d.get("auction") is None and d["offender_must_pass"] == "no" and d["partner_must_pass"] == "no"
             and not d["lead_restrictions"] and not d["law_23"])
    if quiet:  # a ruling without an auction that restricts nobody: only what it does say
        if RU.adjusted_score_line(d):
            rows.append((t.gettext("Adjusted score"), t.gettext(RU.adjusted_score_line(d))))
        if d.get("procedural_penalty"):
            rows.append((t.gettext("Procedural penalty"), t.gettext("A procedural penalty may be imposed.")))
        return rows
    if d.get("auction") is not None or d.get("cancelled"):
        rows.append((t.gettext("Cancelled"), calls_text(d.get("cancelled_calls") or [], t) or t.gettext("nothing")))
    rep = replacement_call(d)
    if rep is not None:
        rows.append((t.gettext("Replacement call"), calls_text([rep], t)))
    who = f" ({seat(d['offender'], t)})" if d.get("offender") else ""
    off_label, partner_label = RU.MUST_PASS_LABELS[d["offender_must_pass"]], RU.MUST_PASS_LABELS[d["partner_must_pass"]]
    if d.get("awaiting_call") and d["partner_must_pass"] == "no":  # not "no obligation" before the call is made
        partner_label = AWAITING_LABELS.get(d["awaiting_call"], AWAITING_ANY)
    rows.append((t.gettext("Offender") + who, t.gettext(off_label)))
    partner = f" ({seat(A.partner(d['offender']), t)})" if d.get("offender") else ""
    rows.append((t.gettext("Offender's partner") + partner, t.gettext(partner_label)))
    lead = yes if d["lead_restrictions"] else no
    if d["lead_restrictions"] and d.get("law_26_condition"):  # Law 26's own condition, as the engine states it
        lead = f"{lead}: {t.gettext(d['law_26_condition'])}"
    rows.append((t.gettext("Lead restrictions may apply"), lead))     # Law 26's condition cites the edition's key
    if d["law_23"]:     # the tree's pointer to Law 23 (2007) or 23C (2017): the edition's key, from the ruling
        rows.append((t.gettext("Law {law} may apply").format(law=d.get("law_23_key") or "23"), yes))
    if RU.adjusted_score_line(d):
        rows.append((t.gettext("Adjusted score"), t.gettext(RU.adjusted_score_line(d))))
    if d.get("procedural_penalty"):
        rows.append((t.gettext("Procedural penalty"), t.gettext("A procedural penalty may be imposed.")))
    for line in RU.withdrawable_lines(d, t, seat):       # 25A6/25A4 (review session 4 #18)
        rows.append((t.gettext(RU.WITHDRAWABLE_LABEL), line))
    if d.get("next") in A.SEATS and d.get("next_if_kept") in A.SEATS:
        # 25A4/25A6: the LHO may withdraw the call he made over the unintended call, or keep it (review session 4 #10)
        rows.append((t.gettext("Next to call"), t.gettext(RU.NEXT_IF_WITHDRAWN).format(
            seat=seat(d["next"], t), other=seat(d["next_if_kept"], t))))
    elif d.get("next") in A.SEATS:
        rows.append((t.gettext("Next to call"), seat(d["next"], t)))
    return rows


def rectification(r: dict) -> tuple:
    """What a ruling (a result of ``rule`` or a tree's ruling node) imposes, as a comparable value:
    the obligations to pass, lead restrictions, Law 23, an adjusted score."""
    return (r.get("offender_must_pass") or "no", r.get("partner_must_pass") or "no", bool(r.get("lead_restrictions")),
            bool(r.get("law_23")), bool(r.get("adjusted_score")))


def rectification_text(rect: tuple, t) -> str:
    """One line for :func:`rectification`: ``Offender: no obligation · partner: must pass ...``."""
    off, partner, lead, law23, adjusted = rect
    parts = [t.gettext("Offender: {what}").format(what=t.gettext(RU.MUST_PASS_LABELS.get(off, off))),
             t.gettext("partner: {what}").format(what=t.gettext(RU.MUST_PASS_LABELS.get(partner, partner)))]
    if lead:
        parts.append(t.gettext("lead restrictions"))
    if law23:
        parts.append(t.gettext("Law 23"))
    if adjusted:
        parts.append(t.gettext("adjusted score possible"))
    return " · ".join(parts)


def tree_rectifications(tree_id: str, edition: str | None = None) -> list[tuple]:
    """The distinct rectifications the rulings of a tree (and of the trees it goes to) of ``edition`` impose."""
    reg = R.trees(edition)
    seen, out, todo = set(), [], [tree_id]
    while todo:
        tid = todo.pop()
        if tid in seen or tid not in reg:
            continue
        seen.add(tid)
        for node in reg[tid].nodes.values():
            if node.ruling is not None:
                rect = rectification(dict(node.ruling))
                if rect not in out:
                    out.append(rect)
            if node.goto:
                todo.append(node.goto)
    return out


def governing(d: dict, corpus, lang: str | None = None):
    """The governing provision's key and provision, in the edition the ruling follows: in the text ``lang`` when that
    text follows this edition, else in another text of the same edition; (key, None) when no text of the corpus in
    that edition holds it (never another edition's text); (None, None) without a law."""
    from laws import keys as K
    from laws.editions import split_qualified

    if not d.get("law"):
        return None, None
    qualified_ed, bare = split_qualified(d["law"])
    try:
        key = K.parse_key(bare)
    except (K.KeyError_, ValueError):
        return None, None
    ed = qualified_ed or laws_edition(d)  # a key the tree qualifies is in that edition
    return key, in_edition(corpus, key, lang, ed)


def governing_card(d: dict, corpus, lang: str | None = None) -> dict | None:
    """The governing provision as the ruling card shows it: ``key``, ``edition`` and ``provision`` (the text of
    the ruling's own edition); when no text of that edition in the corpus holds it, ``absent`` is true and
    ``others`` lists the corresponding provisions of the other editions that the corpus holds (from the
    correspondence tables, each with its edition and the table's status): a bridge to be labelled as another
    edition's text, never shown as the governing one. None without a law."""
    from laws import keys as K
    from laws.editions import corresponding

    key, gp = governing(d, corpus, lang)
    if key is None:
        return None
    ed = laws_edition(d)
    card = {"key": key, "edition": ed, "provision": gp, "absent": gp is None, "others": []}
    if gp is None and ed:
        for c in corresponding(ed, str(key)):
            if not c.key:
                continue
            try:
                other_key = K.parse_key(c.key)
            except (K.KeyError_, ValueError):
                continue
            p = in_edition(corpus, other_key, lang, c.laws_edition)
            if p is not None:
                card["others"].append({"edition": c.laws_edition, "key": other_key, "status": c.status,
                                       "provision": p})
    return card


def absent_text(card: dict, t) -> str:
    """``The text of 27B2 of the 2017 Laws is not in the corpus.``"""
    return t.gettext("The text of {key} of the {edition} Laws is not in the corpus.").format(
        key=card["key"].display, edition=card["edition"])


def other_edition_label(other: dict, t) -> str:
    """The label of another edition's corresponding provision shown for a provision the corpus lacks."""
    return t.gettext("{key} of the {edition} Laws, which corresponds to it (another edition: not the governing "
                     "text)").format(key=other["key"].display, edition=other["edition"])


def _other_edition(d: dict, lang: str | None, corpus):
    """(the ruling's edition, the edition of the text of ``lang``'s federation, that publication) when
    they differ; None when they agree or either is unknown."""
    ed = laws_edition(d)
    ui = edition_of_lang(corpus, lang) if lang in {p.lang for p in corpus.publications()} else None
    if not ed or not ui or ed == ui:
        return None
    return ed, ui, next((p for p in corpus.publications() if p.lang == lang), None)


def edition_notice(d: dict, lang: str | None, corpus, t) -> str | None:
    """When a ruling that follows one edition of the Laws is read in a language whose federation's
    text follows the other (a 2017 ruling in the Spanish interface, whose AEB text is of 2007), one
    short line saying so (the ruling's own edition is in its header); None when the editions agree.
    The provisions of its trail the other edition changed: :func:`edition_changes`."""
    other = _other_edition(d, lang, corpus)
    if other is None:
        return None
    _, ui, pub = other
    return t.gettext("{authority} text: the {other} Laws (numbered differently).").format(
        authority=pub.authority if pub else lang, other=ui)


def edition_changes(d: dict, lang: str | None, corpus, t) -> str | None:
    """With :func:`edition_notice`: the provisions of the ruling's trail that the other edition
    renumbered, changed or deleted (the correspondence table, :func:`laws.editions.changed_on_trail`),
    as a sentence; None when there are none or the editions agree."""
    from laws.editions import changed_on_trail
    from present.provision import status_label

    other = _other_edition(d, lang, corpus)
    keys = list(d.get("trail") or [])
    if other is None or not keys:
        return None
    ed, ui, _ = other
    changes = changed_on_trail(keys, ed)
    if not changes:
        return None
    items = "; ".join(
        f"{c['laws_edition']} {c['key']} → " + (f"{c['other_edition']} {c['other_key']}" if c.get("other_key")
                                                else "—") + f" ({status_label(c['status'], t)})"
        for c in changes)
    return t.gettext("On its trail, the {other} Laws changed: {items}.").format(other=ui, items=items)
