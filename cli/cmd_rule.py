"""``rulebook rule``, ``rulebook facts`` and ``rulebook trees``: the ruling assistant."""
from __future__ import annotations

import textwrap

from present import pbn as P
from present.auction import seat_name as _seat_name
from present.ruling import kind_label

from .main import Result, UserError


def register(sub, common, t) -> None:
    p = sub.add_parser("rule", parents=[common],
                       help=t.gettext("rule on the most recent irregularity of an auction (or walk a tree from facts)"))
    p.add_argument("--dealer", metavar="SEAT", help=t.gettext("the dealer: N, E, S or W"))
    p.add_argument("--auction", metavar="RECORD", help=t.gettext('the auction record, e.g. "1H 1D TD E:2D"'))
    p.add_argument("--pbn", metavar="FILE", help=t.gettext(P.HELP_PBN_RULE))
    p.add_argument("--board", metavar="N", help=t.gettext(P.HELP_BOARD))
    p.add_argument("--game", metavar="K", help=t.gettext(P.HELP_GAME))
    p.add_argument("--fact", action="append", default=[], metavar="KEY=VALUE",
                   help=t.gettext("a fact found by the director, e.g. artificial=no (repeatable)"))
    p.add_argument("--tree", metavar="ID", help=t.gettext("walk this decision tree (see: rulebook trees)"))
    edition_arg(p, t)
    p.set_defaults(func=cmd_rule)
    p = sub.add_parser("facts", parents=[common], help=t.gettext("list every fact a ruling may ask, with its key"))
    edition_arg(p, t)
    p.set_defaults(func=cmd_facts)
    p = sub.add_parser("trees", parents=[common], help=t.gettext("list the decision trees, or show one"))
    p.add_argument("tree", nargs="?", metavar="ID")
    edition_arg(p, t)
    p.set_defaults(func=cmd_trees)


def edition_arg(p, t) -> None:
    from laws.rulings.trees import editions

    p.add_argument("--edition", metavar="EDITION",
                   help=t.gettext("the edition of the Laws to rule by ({editions}); by default the edition in force")
                   .format(editions=", ".join(editions())))


def edition(args, t) -> str:
    """The edition asked for (checked against the registry), else the edition the federation of the output language
    applies (``laws.rulings.trees.default_edition``; English: the WBF's)."""
    from laws.rulings import trees as R

    try:
        if getattr(args, "edition", None) is None:
            return R.default_edition(getattr(t, "lang", None))
        return R.check_tree_edition(args.edition)
    except R.EditionUnknown as e:
        raise UserError(t.gettext(e.msgid).format(**e.params)) from None


def _facts(pairs: list[str], t) -> dict:
    out = {}
    for p in pairs:
        if "=" not in p:
            raise UserError(t.gettext("a fact is written KEY=VALUE (e.g. artificial=no), not {text!r}").format(text=p))
        k, v = p.split("=", 1)
        out[k.strip()] = v.strip()
    return out


def cmd_rule(args, t) -> Result:
    from laws.rulings import auction as A
    from laws.rulings import rule as RU
    from laws.rulings.trees import TreeError

    facts = _facts(args.fact, t)
    dealer, record = args.dealer, args.auction
    if args.pbn:
        return _pbn(args, t, facts)
    if args.board is not None or args.game is not None:
        raise UserError(t.gettext(P.MSG_NEEDS_PBN))
    if record is None and args.tree is None:
        raise UserError(t.gettext("give an auction (--auction) or a tree to walk (--tree)"))
    if record is not None and dealer is None:
        raise UserError(t.gettext("give the dealer (N, E, S or W) with the auction"))
    from laws import notation as N

    notation = getattr(args, "notation", None) or "en"
    echo = None
    try:
        if record is not None and not args.pbn and notation != "en":
            record = N.to_neutral(record, notation)
            echo = N.read_as(record, notation, t)   # how the record was read, before any ruling
        if dealer is not None and not args.pbn:
            dealer = N.read_seat(dealer, notation)
        d = RU.rule(dealer, record, facts, args.tree, edition(args, t))
    except A.AuctionError as e:
        raise UserError(e.translate(t), {"token": getattr(e, "token", None), "position": getattr(e, "position", None)}) from None
    except RU.RulingError as e:
        raise UserError(e.translate(t)) from None
    except TreeError as e:
        raise UserError(str(e)) from None
    d = RU.translate(d, t)
    if echo is not None:
        d["record"], d["notation"] = record, notation
    lines = [echo] if echo else []
    lines += _edition_notice(d, t)
    if d["status"] == "no_irregularity":
        lines.append(t.gettext("No irregularity in this auction."))
    elif d["status"] == "no_tree":
        lines.append(d["explanation"])
    else:
        # the irregularity's own tree names it, not the tree a goto ended in (review session 4 #12d: correction_damage)
        kind = kind_label(d["irregularity"], t, d.get("laws_edition"))
        head = t.gettext("Irregularity: {kind}").format(kind=kind)
        if d.get("offender"):
            head += " — " + t.gettext("offender: {seat}").format(seat=_seat_name(d["offender"], t))
        lines.append(head)
        lines.append(t.gettext("Provisions: {trail}").format(trail=" > ".join(d["trail"])))
        for w in d.get("facts_ignored_why") or ():
            # a fact given that the ruling did not use, and why (25A1's findings once the partner has called...)
            lines.append(t.gettext(RU.IGNORED_LINE).format(fact=w["fact"], value=w["value"], reason=w["text"]))
        for u in d.get("facts_unasked") or ():
            # a question the tree does not ask, its usual answer taken: the director gives it when the table raises it
            lines.append(t.gettext("Not asked (give --fact {fact}=... if the table raises it): Law {law}").format(
                fact=u["fact"], law=u["law"]))
        if d["status"] == "needs":
            q = d["question"]
            lines.append(t.gettext("The director must establish: {question}").format(question=q["text"]))
            for o in q["options"]:
                lines.append(f"  --fact {q['fact']}={o['value']}   ({o['label']})")
        else:
            from laws.rulings.rule import MUST_PASS_LABELS

            lines.append(t.gettext("Ruling ({law}) — {edition}:").format(law=d["law"], edition=d.get("edition_label") or ""))
            lines.extend(textwrap.wrap(d["explanation"], 100, initial_indent="  ", subsequent_indent="  "))
            if d.get("cancelled"):
                lines.append(t.gettext("Cancelled: {calls}").format(calls=", ".join(d["cancelled"])))
            if RU.adjusted_score_line(d):
                lines.append(t.gettext(RU.adjusted_score_line(d)))
            if d.get("procedural_penalty"):
                lines.append(t.gettext("A procedural penalty may be imposed."))
            lines.extend(RU.withdrawable_lines(d, t, _seat_name))    # 25A6/25A4 (review session 4 #18)
            if d.get("follow_up"):      # 23C/27D: the tree the director walks at the end of the play, and how
                lines.append(f"{RU.follow_up_label(d['follow_up'], t)}: {RU.follow_up_command(d['follow_up'])}")
            if not d.get("auction") and d["offender_must_pass"] == "no" and d["partner_must_pass"] == "no" \
                    and not d["lead_restrictions"] and not d["law_23"]:
                return Result(d, "\n".join(lines))
            off_label, partner_label = MUST_PASS_LABELS[d["offender_must_pass"]], MUST_PASS_LABELS[d["partner_must_pass"]]
            if d.get("awaiting_call") and d["partner_must_pass"] == "no":
                # ruled before the call the obligations follow from: what they depend on, as the card says
                from present.ruling import AWAITING_ANY, AWAITING_LABELS
                partner_label = AWAITING_LABELS.get(d["awaiting_call"], AWAITING_ANY)
            lines.append(t.gettext("Offender: {what}").format(what=t.gettext(off_label)))
            lines.append(t.gettext("Offender's partner: {what}").format(what=t.gettext(partner_label)))
            yes, no = t.gettext("yes"), t.gettext("no")
            # the provisions in the edition's words: Law 26's condition cites them; law_23_key is the edition's
            lines.append(t.gettext("Lead restrictions may apply: {v}").format(v=yes if d["lead_restrictions"] else no))
            if d.get("law_26_condition"):
                lines.extend(textwrap.wrap(d["law_26_condition"], 100, initial_indent="  ", subsequent_indent="  "))
            if d["law_23"]:
                lines.append(t.gettext("Law {law} may apply: {v}").format(law=d.get("law_23_key") or "23", v=yes))
            after = d.get("after_ruling")
            if after:
                # the record stops at the irregularity: as `rulebook auction` says, the offender's LHO may still call
                # over it (where the law lets him accept it) or the director be called; this ruling is the director's
                seats = ("N", "E", "S", "W")
                lho_awaited = d.get("awaiting") == "lho_or_director" and d.get("next") in seats
                offered = "accepted" in (d.get("facts_used") or {}) and "accepted" not in facts
                # after the ruling, a call of the record is again irregular and the LHO's to accept (25A1: the
                # intended call itself insufficient, '1NT 2S N:1S')
                again = any(i.get("awaiting") == "lho_or_director" for i in ((after.get("auction") or {})
                                                                              .get("irregularities") or []))
                if lho_awaited and (offered or again):
                    lines.append(t.gettext("Not yet dealt with: {seat}, the offender's LHO, may call over it (accepting "
                                           "it where the law allows) or the director be called.").format(
                        seat=_seat_name(d["next"], t)))
                elif lho_awaited and after.get("next") == d["next"] and not d.get("next_if_kept") \
                        and "accepted" not in facts:
                    # a call put in place of an unintended one (25A1): the LHO calls next, with nothing to accept
                    lines.append(t.gettext(RU.LHO_NEXT_NOTHING_TO_ACCEPT).format(seat=_seat_name(d["next"], t)))
                elif "accepted" not in facts:
                    lines.append(t.gettext("Not yet dealt with: the director must be called."))
                lines.append(t.gettext("After the director's ruling:"))
                lines.extend("  " + ln for ln in _next_lines({**after, "next_if_kept": d.get("next_if_kept")}, t))
            else:
                lines.extend(_next_lines(d, t))
    return Result(d, "\n".join(lines))


def _pbn(args, t, facts: dict) -> Result:
    """``--pbn FILE``: a ruling on every irregular call of every game that has one, or of the game
    ``--board``/``--game`` choose; the questions the record cannot answer are listed, not asked."""
    notation = getattr(args, "notation", None) or "en"
    laws_edition = edition(args, t)
    session = P.load(args.pbn, t, edition=laws_edition)
    if args.board is None and args.game is None:
        if facts:
            raise UserError(t.gettext(P.MSG_FACTS_ONE_GAME))
        games = P.rulings(session, t)
    else:
        report, _ = P.select(session, args.board, args.game, t)
        if report.state is None:
            raise P.game_error(report, session, t)
        games = P.rulings(session, t, facts, only=[report])
    data = {"file": session.path, "laws_edition": laws_edition, "summary": P.summary(session), "games": games}
    return Result(data, P.rulings_text(session, games, t, None if notation == "en" else notation))


def _next_lines(d: dict, t) -> list[str]:
    from laws.rulings.rule import NEXT_IF_WITHDRAWN

    if d.get("next") in ("N", "E", "S", "W") and d.get("next_if_kept") in ("N", "E", "S", "W"):
        # 25A4/25A6: the LHO may withdraw the call he made over the unintended call, or keep it
        both = t.gettext(NEXT_IF_WITHDRAWN).format(seat=_seat_name(d["next"], t), other=_seat_name(d["next_if_kept"], t))
        return [t.gettext("Next to call: {seat}").format(seat=both)]
    if d.get("next") in ("N", "E", "S", "W"):
        return [t.gettext("Next to call: {seat}").format(seat=_seat_name(d["next"], t))]
    if d.get("complete") and d.get("contract"):
        return [t.gettext("The auction is over: {contract} by {seat}.").format(
            contract=d["contract"], seat=_seat_name(d["declarer"], t))]
    if d.get("complete"):
        return [t.gettext("The auction is over: passed out.")]
    return []


def _edition_notice(d: dict, t) -> list[str]:
    """Issue 10: when the ruling follows the other edition of the Laws than the text of the output language (a 2007
    tree read in Dutch, a 2017 tree in Spanish or Italian), say so before the ruling and list the provisions of the
    ruling that the other edition renumbered, changed, added or deleted (``other_edition``)."""
    from laws import editions as ED
    from present.provision import STATUS_LABELS

    ed = d.get("laws_edition")
    lang = getattr(t, "lang", "en")
    text_ed = ED.edition_of_lang(lang)
    if not ed or not text_ed or text_ed == ed or d.get("status") == "no_irregularity":
        return []
    pubs = [p for p in ED.publications().values() if p["lang"] == lang]
    authority = pubs[0].get("authority") if pubs else lang
    lines = [t.gettext("This ruling follows the {edition} Laws, while the {authority}'s text follows the "
                       "{text_edition} Laws.").format(edition=ed, authority=authority, text_edition=text_ed)]
    changed = d.get("other_edition") or []
    if changed:
        lines.append(t.gettext("Provisions of this ruling that the {text_edition} Laws number or word differently:")
                     .format(text_edition=text_ed))
        for c in changed:
            status = t.gettext(STATUS_LABELS.get(c["status"], c["status"]))
            if c.get("other_key") is None:      # a provision the other edition has no counterpart of (review 4 #12c)
                lines.append("  " + t.gettext("{edition} {key}: none in the {other_edition} Laws ({status})").format(
                    edition=c["laws_edition"], key=c["key"], other_edition=c["other_edition"], status=status))
            else:
                lines.append(f"  {c['laws_edition']} {c['key']} -> {c['other_edition']} {c['other_key']} ({status})")
    return lines


def cmd_facts(args, t) -> Result:
    """The facts a ruling may need, each with the editions whose trees ask it; with ``--edition``, those of that
    edition only, each with the provisions of that edition that ask it."""
    from laws.rulings import trees as R

    def row(f, laws, eds, own=None):
        return {"key": f.key, "question": t.gettext(own or f.question), "options": list(f.options),
                "option_labels": {o: t.gettext(f.option_labels.get(o) or o) for o in f.options},
                "source": f.source, "law": laws[0] if laws else f.law, "laws": laws, "editions": eds,
                "help": t.gettext(f.help) if f.help else ""}

    if getattr(args, "edition", None) is not None:
        ed = edition(args, t)
        # each fact in the edition's own words where one node of its trees asks it (outcome_could_differ: 23C/27D)
        data = [row(f, laws, [ed], R.edition_question(f.key, ed)) for f, laws in R.facts_of_edition(ed).values()]
        lines = [t.gettext("Facts of the {edition} Laws:").format(edition=ed)]
        lines += [f"{d['key']:<32} {'/'.join(d['options']):<40} {','.join(d['laws']):<14} {d['question']}" for d in data]
        return Result(data, "\n".join(lines))
    facts, eds = R.all_facts(), R.fact_editions()
    data = [row(f, [f.law] if f.law else [], eds.get(k, [])) for k, f in facts.items()]
    lines = [f"{d['key']:<32} {'/'.join(d['options']):<40} {d['law']:<6} {','.join(d['editions']) or '-':<10} "
             f"{d['question']}" for d in data]
    return Result(data, "\n".join(lines))


def cmd_trees(args, t) -> Result:
    from laws.rulings import trees as R

    ed = edition(args, t)
    reg = R.trees(ed)
    if args.tree:
        if args.tree not in reg:
            raise UserError(t.gettext("unknown tree {tree}: the trees are {trees}").format(tree=args.tree, trees=", ".join(sorted(reg))))
        tr = reg[args.tree]
        data = {"id": tr.id, "irregularity": tr.irregularity, "title": t.gettext(tr.title), "laws_edition": ed,
                "laws": tr.laws, "start": tr.start,
                "nodes": [{"id": n.id, "law": n.law, "ask": n.ask, "answers": n.answers, "goto": n.goto,
                           "ruling": ({**n.ruling, "explanation": t.gettext(n.ruling.get("explanation", ""))} if n.ruling else None)}
                          for n in tr.nodes.values()],
                "examples": [{k: v for k, v in e.items() if k != "line"} for e in tr.examples]}
        lines = [f"{data['title']} [{ed}]"]
        for n in data["nodes"]:
            what = f"? {n['ask']} -> {n['answers']}" if n["ask"] else (f"=> {n['goto']}" if n["goto"] else "RULING")
            lines.append(f"  {n['id']:<28} {n['law']:<7} {what}")
        return Result(data, "\n".join(lines))
    data = [{"id": tr.id, "irregularity": tr.irregularity, "title": t.gettext(tr.title), "laws_edition": ed,
             "laws": tr.laws, "nodes": len(tr.nodes), "examples": len(tr.examples)} for tr in reg.values()]
    return Result(data, "\n".join(f"{d['id']:<36} {ed:<6} {d['title']}" for d in data))
