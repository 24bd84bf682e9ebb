"""Ruling assistant: the dealer and the auction record (validated as you type, the irregularity
detected and explained), then one question at a time, with back and restart; the trail of
provisions as links; the ruling as a card, downloadable as Markdown and JSON; the decision tree
as a diagram with the path taken highlighted. The trees that need no auction are walked from
the director's answers alone.

Everything is :func:`laws.rulings.rule.rule` (and :func:`laws.rulings.auction.replay` for the validation);
the wizard's state (the answers given so far) lives in ``st.session_state`` and in the URL:
``ruling?dealer=N&auction=1H+1D+TD+E:2D&fact=artificial=no`` or ``ruling?tree=card_exposed``.
"""
from __future__ import annotations

import json
import textwrap
from datetime import datetime, timezone

import streamlit as st

from i18n import N_
from laws.rulings import auction as A
from laws.rulings import rule as RU
from laws.rulings import trees as R

from . import common

MODE_KEY, DEALER_KEY, AUCTION_KEY, TREE_KEY, ANSWERS_KEY = "rl_mode", "rl_dealer", "rl_auction", "rl_tree", "rl_answers"
EXAMPLE_KEY, SEEN_KEY = "rl_example", "_rl_url"
MODES = ("auction", "tree")
MODE_LABELS = {"auction": N_("From the auction record"), "tree": N_("Without an auction (a decision tree)")}
SEATS = A.SEATS
TEXT_LANG_OF_EDITION = {"es-aeb-2007": "es", "nl-nbb-2017": "nl", "it-figb-2017": "it"}


# -- state and URL ---------------------------------------------------------------------------------
def _url_state() -> tuple:
    qp = st.query_params
    return (qp.get("dealer"), qp.get("auction"), qp.get("tree"), tuple(qp.get_all("fact")))


def _answers() -> list:
    return st.session_state.setdefault(ANSWERS_KEY, [])


def _write_url() -> None:
    """Mirror the wizard into the URL, so that a ruling can be shared or reopened."""
    ss, qp = st.session_state, st.query_params
    for k in ("dealer", "auction", "tree", "fact"):
        qp.pop(k, None)
    mode = ss.get(MODE_KEY, "auction")
    if mode == "auction" and (ss.get(AUCTION_KEY) or "").strip():
        qp["dealer"] = ss.get(DEALER_KEY, "N")
        qp["auction"] = ss[AUCTION_KEY].strip()
    elif mode == "tree" and ss.get(TREE_KEY):
        qp["tree"] = ss[TREE_KEY]
    if _answers():
        qp["fact"] = [f"{k}={v}" for k, v in _answers()]
    qp["lang"] = common.lang()
    ss[SEEN_KEY] = _url_state()


def _sync_from_url(t) -> None:
    """A deep link (or a change of the URL) sets the wizard; the wizard's own changes set the URL."""
    ss = st.session_state
    url = _url_state()
    fresh = AUCTION_KEY not in ss  # the record's input was not shown in the last run (another page)
    ss.setdefault(MODE_KEY, "auction")
    ss.setdefault(DEALER_KEY, "N")
    ss.setdefault(AUCTION_KEY, "")
    ss.setdefault(TREE_KEY, "insufficient_bid")
    if ss.get(SEEN_KEY) == url and not fresh:
        return
    ss[SEEN_KEY] = url
    dealer, auction, tree, facts = url
    problems = []
    if tree:
        if tree in common.trees():
            ss[MODE_KEY], ss[TREE_KEY] = "tree", tree
        else:
            problems.append(t.gettext("unknown tree {tree}: the trees are {trees}").format(
                tree=tree, trees=", ".join(sorted(common.trees()))))
    elif auction is not None:
        ss[MODE_KEY], ss[AUCTION_KEY] = "auction", auction
        if dealer:
            try:
                ss[DEALER_KEY] = A.normalize_seat(dealer)
            except A.AuctionError as e:
                problems.append(e.translate(t))
    answers = []
    for f in facts:
        k, sep, v = f.replace(":", "=", 1).partition("=")
        if not sep or not k.strip() or not v.strip():
            problems.append(t.gettext("a fact is written KEY=VALUE (e.g. artificial=no), not {text!r}").format(text=f))
            continue
        answers.append([k.strip(), v.strip().lower()])
    ss[ANSWERS_KEY] = answers
    ss["_rl_url_problems"] = problems


def _reset() -> None:
    st.session_state[ANSWERS_KEY] = []
    _write_url()


def _changed(name: str) -> None:
    """Callback of a per-language widget (mode, dealer, tree): keep its value, restart the walk."""
    common.keep(name)
    _reset()


def _answer(fact: str, value: str) -> None:
    _answers().append([fact, value])
    _write_url()


def _back() -> None:
    if _answers():
        _answers().pop()
    _write_url()


def _load_example() -> None:
    key = f"{EXAMPLE_KEY}.{common.lang()}"
    ex = st.session_state.get(key)
    if not ex:
        return
    dealer, auction = ex.split("|", 1)
    st.session_state[MODE_KEY] = "auction"
    st.session_state[DEALER_KEY] = dealer
    st.session_state[AUCTION_KEY] = auction
    st.session_state[key] = None
    _reset()


# -- labels ----------------------------------------------------------------------------------------
def _fact(key: str):
    return R.all_facts().get(key)


def _option_label(fact_key: str, value: str, t) -> str:
    f = _fact(fact_key)
    return t.gettext((f.option_labels.get(value) if f else None) or value)


def _question_text(fact_key: str, t) -> str:
    f = _fact(fact_key)
    return t.gettext(f.question) if f else fact_key


def kind_label(kind: str | None, t) -> str:
    if not kind:
        return ""
    tree = R.by_irregularity(kind)
    label = A.KIND_LABELS.get(kind) or RU.KIND_LABELS.get(kind) or (tree.title if tree else kind)
    return t.gettext(label)


def _calls_text(calls: list[dict], t) -> str:
    from present.auction import call_text

    return ", ".join(f"{common.seat(c['seat'], t)} {call_text(A.parse_call(c['call']), t)}" for c in calls)


def _governing(d: dict):
    """The governing provision, in the text the tree follows (else the first text that holds it)."""
    key = common.parse_key(d["law"]) if d.get("law") else None
    if key is None:
        return None, None
    c = common.corpus()
    from laws.editions import EditionError, edition_of_publication

    try:  # the key is in the edition the tree follows (or the one it names): never the other's text
        ed = common.edition_in(d["law"]) or edition_of_publication(d.get("edition") or "")
    except EditionError:
        ed = None
    return key, c.get(key, TEXT_LANG_OF_EDITION.get(d.get("edition")), ed) or (c.get(key, edition=ed) if ed else c.get(key))


# -- the page --------------------------------------------------------------------------------------
def page() -> None:
    t = common.tr()
    _sync_from_url(t)
    st.title(t.gettext("Ruling assistant"))
    for p in st.session_state.pop("_rl_url_problems", []):
        st.error(p)
    mode = st.radio(t.gettext("Rule on"), MODES, key=common.widget_key(MODE_KEY), horizontal=True,
                    on_change=_changed, args=(MODE_KEY,), format_func=lambda m: t.gettext(MODE_LABELS[m]))
    if mode == "auction":
        inputs = _auction_inputs(t)
        if inputs is None:
            return
        dealer, record = inputs
        call = lambda facts: RU.rule(dealer, record, facts)
        start_tree = None
    else:
        tree_id = _tree_input(t)
        call = lambda facts: RU.rule(None, None, facts, tree_id)
        start_tree = tree_id
    facts = {k: v for k, v in _answers()}
    try:
        d = call(facts)
    except A.AuctionError as e:
        st.error(e.translate(t))
        return
    except RU.RulingError as e:
        st.error(e.translate(t))
        st.button(t.gettext("Restart"), key="rl_restart_err", on_click=_reset)
        return
    d = RU.translate(d, t)
    if d["status"] == "no_irregularity":
        st.success(t.gettext("No irregularity in this auction: nothing to rule on."))
        return
    if start_tree is None:
        start_tree = RU.TREE_OF_KIND.get(d["irregularity"], d["irregularity"])
    _header(d, t)
    if d["status"] == "needs":
        _question(d, t)
    else:
        _card(d, t)
    _controls(t)
    if d["status"] == "ruling":
        _downloads(d, mode, t)
    _given(d, t)
    _diagram(d, start_tree, t)


def _auction_inputs(t):
    c1, c2 = st.columns([2, 3])
    dealer = c1.segmented_control(t.gettext("Dealer"), SEATS, key=common.widget_key(DEALER_KEY), required=True,
                                  on_change=_changed, args=(DEALER_KEY,), format_func=lambda s: common.seat(s, t))
    record = c2.text_input(
        t.gettext("Auction record"), key=AUCTION_KEY, on_change=_reset, live=True,
        placeholder="1H 1D TD",
        help=t.gettext("Calls separated by spaces: P (pass), X (double), XX (redouble), bids such as 1S or 3NT "
                       "(also 1♠); S:1S for a call by South out of rotation; TD where the director is called; "
                       "AP for all pass. Calls after TD are made after the rectification."))
    examples = {}
    for tree in common.trees().values():
        for ex in tree.examples:
            if ex.get("auction"):
                examples[f"{ex.get('dealer', 'N')}|{ex['auction']}"] = ex.get("title") or ex["auction"]
    with st.expander(t.gettext("Or load a worked example")):
        st.selectbox(t.gettext("Worked examples of the decision trees"), list(examples), index=None,
                     key=f"{EXAMPLE_KEY}.{common.lang()}",
                     on_change=_load_example, placeholder=t.gettext("Choose an example"),
                     format_func=lambda k: k.split("|", 1)[1] + "  —  " + t.gettext(examples[k]))
    record = (record or "").strip()
    if not record:
        st.info(t.gettext("Enter the auction as it happened, up to the irregularity, and TD where the director "
                          "was called: for example 1H 1D TD (East's 1♦ is insufficient)."))
        return None
    try:
        state = A.replay(record, dealer)
    except A.AuctionError as e:
        st.error(e.translate(t))
        if e.position:
            toks = record.split()
            marked = " ".join(f"<mark>{common.esc(x)}</mark>" if i + 1 == e.position else common.esc(x)
                              for i, x in enumerate(toks))
            common.show_html(f"<p>{marked}</p>")
        return None
    _auction_table(state, t)
    return dealer, record


def _auction_table(state, t) -> None:
    """The irregularity the record shows, explained; the replayed auction in an expander."""
    from present.auction import call_status, call_text, contract_text, irregularity_lines, obligation_text

    n = len(state.irregularities)
    if n:
        lines = irregularity_lines(n, state.irregularities[-1], state, t)
        st.warning("  \n".join(common.esc(line.strip()) for line in lines))
    with st.expander(t.gettext("The auction, as replayed"), expanded=False):
        rows = [{"#": e.index + 1, t.gettext("Seat"): common.seat(e.seat, t), t.gettext("Call"): call_text(e.call, t),
                 t.gettext("Status"): call_status(e, t)} for e in state.calls]
        st.dataframe(rows, hide_index=True, width="stretch")
        if state.passed_out:
            st.caption(t.gettext("Passed out."))
        elif state.complete and state.contract is not None:
            st.caption(t.gettext("Contract: {contract} by {seat}.").format(
                contract=contract_text(state.contract, t), seat=common.seat(state.declarer, t)))
        elif state.next:
            st.caption(t.gettext("Next to call: {seat}").format(seat=common.seat(state.next, t)))
        for o in state.obligations:
            st.caption(obligation_text(o, t))
        for i, other in enumerate(state.irregularities[:-1], 1):
            st.markdown("  \n".join(common.esc(x.strip()) for x in irregularity_lines(i, other, state, t)))


def _tree_input(t) -> str:
    reg = common.trees()
    ids = sorted(reg, key=lambda i: t.gettext(reg[i].title).lower())
    tree_id = st.selectbox(t.gettext("Irregularity"), ids, key=common.widget_key(TREE_KEY), on_change=_changed,
                           args=(TREE_KEY,), format_func=lambda i: t.gettext(reg[i].title))
    tree = reg[tree_id]
    if tree.summary:
        st.caption(t.gettext(tree.summary))
    return tree_id


def _trail_html(trail: list[str], t) -> str:
    links = [common.law_link(common.parse_key(k), common.key_display(k), None, t, target="_blank")
             for k in trail if common.parse_key(k) is not None]
    return '<p class="trail">' + " › ".join(links) + "</p>"


def _header(d: dict, t) -> None:
    head = t.gettext("Irregularity: {kind}").format(kind=kind_label(d["irregularity"], t))
    if d.get("offender"):
        head += " — " + t.gettext("offender: {seat}").format(seat=common.seat(d["offender"], t))
    st.markdown(f"**{common.esc(head)}**")
    passed = t.gettext("Provisions passed:")
    common.show_html(f"<span class='pub-label'>{common.esc(passed)}</span>"
                     + _trail_html(d["trail"], t))


def _question(d: dict, t) -> None:
    q = d["question"]
    n = len(_answers()) + 1
    with st.container(border=True):
        law = common.parse_key(q["law"]) if q.get("law") else None
        number = t.gettext("Question {n}").format(n=n)
        st.markdown(f"**{common.esc(number)}**"
                    + (" · " + common.law_link(law, law.display, None, t, target="_blank") if law else ""),
                    unsafe_allow_html=True)
        st.markdown(f"### {common.esc(q['text'])}")
        if q.get("help"):
            st.caption(q["help"])
        for opt in q["options"]:
            st.button(opt["label"], key=f"rl_opt_{q['fact']}_{opt['value']}", on_click=_answer,
                      args=(q["fact"], opt["value"]), width="stretch", type="primary")


def _ruling_rows(d: dict, t) -> list[tuple[str, str]]:
    """The ruling's consequences, as (label, value) rows (the card, and the Markdown record)."""
    yes, no = t.gettext("yes"), t.gettext("no")
    rows = []
    quiet = (d.get("auction") is None and d["offender_must_pass"] == "no" and d["partner_must_pass"] == "no"
             and not d["lead_restrictions"] and not d["law_23"])
    if quiet:  # a ruling without an auction that restricts nobody: only what it does say
        if d.get("adjusted_score"):
            rows.append((t.gettext("Adjusted score"), t.gettext("The director may award an adjusted score.")))
        if d.get("procedural_penalty"):
            rows.append((t.gettext("Procedural penalty"), t.gettext("A procedural penalty may be imposed.")))
        return rows
    if d.get("auction") is not None or d.get("cancelled"):
        rows.append((t.gettext("Cancelled"),
                     _calls_text(d.get("cancelled_calls") or [], t) or t.gettext("nothing")))
    who = f" ({common.seat(d['offender'], t)})" if d.get("offender") else ""
    off_label, partner_label = RU.MUST_PASS_LABELS[d["offender_must_pass"]], RU.MUST_PASS_LABELS[d["partner_must_pass"]]
    rows.append((t.gettext("Offender") + who, t.gettext(off_label)))
    partner = f" ({common.seat(A.partner(d['offender']), t)})" if d.get("offender") else ""
    rows.append((t.gettext("Offender's partner") + partner, t.gettext(partner_label)))
    rows.append((t.gettext("Lead restrictions (Law 26) may apply"), yes if d["lead_restrictions"] else no))
    rows.append((t.gettext("Law 23 may apply"), yes if d["law_23"] else no))
    if d.get("adjusted_score"):
        rows.append((t.gettext("Adjusted score"), t.gettext("The director may award an adjusted score.")))
    if d.get("procedural_penalty"):
        rows.append((t.gettext("Procedural penalty"), t.gettext("A procedural penalty may be imposed.")))
    if d.get("next") in SEATS:
        rows.append((t.gettext("Next to call"), common.seat(d["next"], t)))
    return rows


def _card(d: dict, t) -> None:
    key, gp = _governing(d)
    ruling, governing = t.gettext("Ruling"), t.gettext("The governing provision")
    with st.container(border=True):
        st.markdown(f"#### :material/gavel: {common.esc(ruling)} · "
                    + (common.law_link(key, key.display, gp.lang if gp else None, t, target="_blank") if key else ""),
                    unsafe_allow_html=True)
        if d.get("edition_label"):
            st.caption(d["edition_label"])
        st.markdown(common.esc(d["explanation"]))
        common.show_html("<table style='width:100%'>" + "".join(
            f"<tr><td style='padding-right:1em'><b>{common.esc(a)}</b></td><td>{common.esc(b)}</td></tr>"
            for a, b in _ruling_rows(d, t)) + "</table>")
        if gp is not None:
            st.markdown(f"**{common.esc(governing)}** · {common.esc(key.display)} "
                        f"<span class='pub-label'>{common.esc(common.lang_label(gp.lang, t))} · "
                        f"{common.esc(common.pub_label(gp))}</span>", unsafe_allow_html=True)
            common.show_html(common.provision_html(gp, t))
            ui = common.lang()
            other = common.corpus().get(key, ui) if ui != gp.lang else None
            if other is not None:
                with st.expander(t.gettext("In the {language} text ({publication})").format(
                        language=common.lang_label(ui, t), publication=common.pub_label(other))):
                    common.show_html(common.provision_html(other, t))


def _controls(t) -> None:
    b1, b2 = st.columns(2)
    b1.button("← " + t.gettext("Back"), key="rl_back", on_click=_back, disabled=not _answers(), width="stretch")
    b2.button("↺ " + t.gettext("Restart"), key="rl_restart", on_click=_reset, disabled=not _answers(),
              width="stretch")


def _given(d: dict, t) -> None:
    answers = _answers()
    if answers:
        st.markdown("**" + common.esc(t.gettext("Your answers")) + "**")
        st.markdown("\n".join(f"{i}. {common.esc(_question_text(k, t))} → **{common.esc(_option_label(k, v, t))}**"
                              for i, (k, v) in enumerate(answers, 1)))
    from_record = d.get("facts_from_record") or {}
    used = d.get("facts_used") or {}
    shown = [(k, v) for k, v in from_record.items() if k in used and k not in dict(answers)]
    if shown:
        with st.expander(t.gettext("What the record establishes (not asked)")):
            st.markdown("\n".join(f"- {common.esc(_question_text(k, t))} → **{common.esc(_option_label(k, v, t))}**"
                                  for k, v in shown))
    ignored = d.get("facts_ignored") or []
    if ignored:
        st.caption(t.gettext("Answers this ruling does not need: {facts}").format(
            facts="; ".join(_question_text(k, t) for k in ignored)))


# -- the record of the ruling ----------------------------------------------------------------------
def ruling_record(d: dict, inputs: dict, answers: list, t) -> dict:
    """The ruling as a JSON-able record for the tournament's files: ``inputs`` (``dealer`` and
    ``auction``, or ``tree``), the director's ``answers`` as (fact, value) pairs, the ruling
    ``d`` (translated) and the governing provision's text, verbatim."""
    key, gp = _governing(d)
    rec = {
        "generated": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "language": t.lang,
        "input": dict(inputs),
        "answers": [{"fact": k, "value": v, "question": _question_text(k, t), "answer": _option_label(k, v, t)}
                    for k, v in answers],
        "irregularity_label": kind_label(d["irregularity"], t),
        "ruling": d,
    }
    if gp is not None:
        rec["governing_provision"] = {"key": str(key), "display": key.display, "lang": gp.lang,
                                      "authority": gp.pub.authority, "edition": gp.pub.edition,
                                      "heading": gp.heading, "text": gp.own_text}
    return rec


def ruling_markdown(rec: dict, t) -> str:
    """The record of :func:`ruling_record` as Markdown, in the language of ``t``."""
    d = rec["ruling"]
    ruling, answers, governing = t.gettext("Ruling"), t.gettext("Your answers"), t.gettext("The governing provision")
    labels = {"dealer": t.gettext("Dealer"), "auction": t.gettext("Auction record"), "tree": t.gettext("Irregularity"),
              "offender": t.gettext("Offender"), "trail": t.gettext("Provisions passed:"), "date": t.gettext("Date")}
    out = [f"# {ruling}: {rec['irregularity_label']}", ""]
    inp = rec["input"]
    if "auction" in inp:
        out.append(f"- **{labels['dealer']}**: {common.seat(inp['dealer'], t)}")
        out.append(f"- **{labels['auction']}**: `{inp['auction']}`")
    else:
        tree = common.trees()[inp["tree"]]
        title = t.gettext(tree.title)
        out.append(f"- **{labels['tree']}**: {title}")
    if d.get("offender"):
        out.append(f"- **{labels['offender']}**: {common.seat(d['offender'], t)}")
    out.append(f"- **{labels['trail']}** {' › '.join(common.key_display(k) for k in d['trail'])}")
    out.append(f"- **{labels['date']}**: {rec['generated']}")
    if rec["answers"]:
        out += ["", f"## {answers}", ""]
        out += [f"{i}. {a['question']} → **{a['answer']}**" for i, a in enumerate(rec["answers"], 1)]
    out += ["", f"## {ruling} ({common.key_display(d['law'])}, {d.get('edition_label') or ''})", "",
            d["explanation"], ""]
    out += [f"- **{a}**: {b}" for a, b in _ruling_rows(d, t)]
    gp = rec.get("governing_provision")
    if gp:
        out += ["", f"## {governing}: {gp['display']} ({gp['authority']} {gp['edition']}, {gp['lang']})", ""]
        if gp["heading"]:
            out.append(f"*{gp['heading']}*")
            out.append("")
        out += ["> " + para for para in (gp["text"] or "").split("\n") if para]
    return "\n".join(out) + "\n"


def _downloads(d: dict, mode: str, t) -> None:
    ss = st.session_state
    inputs = ({"dealer": ss.get(DEALER_KEY), "auction": (ss.get(AUCTION_KEY) or "").strip()} if mode == "auction"
              else {"tree": ss.get(TREE_KEY)})
    rec = ruling_record(d, inputs, _answers(), t)
    stem = f"ruling-{d['irregularity']}-{common.parse_key(d['law']) or d['law']}"
    c1, c2 = st.columns(2)
    c1.download_button(t.gettext("Download the ruling (Markdown)"), ruling_markdown(rec, t), file_name=f"{stem}.md",
                       mime="text/markdown", key="rl_dl_md", width="stretch", on_click="ignore")
    c2.download_button(t.gettext("Download the ruling (JSON)"),
                       json.dumps(rec, ensure_ascii=False, indent=2, default=str), file_name=f"{stem}.json",
                       mime="application/json", key="rl_dl_json", width="stretch", on_click="ignore")


# -- the diagram -----------------------------------------------------------------------------------
def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _wrap(s: str, width: int = 30) -> str:
    return "\n".join(textwrap.wrap(s, width)) or s


def tree_dot(d: dict, start_tree: str, t) -> tuple[str, list]:
    """DOT of the trees the walk passed through, the path taken highlighted; and the path."""
    reg = common.trees()
    try:
        path = R.walk(reg[start_tree], d.get("facts_used") or {}).path
    except Exception:
        path = [(d["tree"], d["node"])]
    if not path or path[-1] != (d["tree"], d["node"]):
        path = [(d["tree"], d["node"])]
    on_path = set(path)
    steps = set(zip(path, path[1:]))
    tree_ids = list(dict.fromkeys(tid for tid, _ in path))
    current = path[-1]
    ruling_word = t.gettext("Ruling").upper()
    lines = ["digraph ruling {", "rankdir=LR;", "nodesep=0.15;", "ranksep=0.35;", 'bgcolor="transparent";',
             'node [shape=box, style="rounded,filled", fillcolor="#ffffff", color="#8a8a8a", fontname="Helvetica", '
             'fontsize=10];', 'edge [color="#9a9a9a", fontname="Helvetica", fontsize=9];']

    def nid(tid, node):
        return _q(f"{tid}/{node}")

    for tid in tree_ids:
        tree = reg[tid]
        lines.append(f"subgraph {_q('cluster_' + tid)} {{")
        title = t.gettext(tree.title)
        lines.append(f"label={_q(_wrap(title, 40))}; fontname=\"Helvetica\"; fontsize=11; "
                     f"color=\"#c0c0c0\"; style=\"rounded\";")
        for node in tree.nodes.values():
            law = common.key_display(node.law)
            if node.ask:
                text = t.gettext(node.question) if node.question else _question_text(node.ask, t)
                label = f"{law}\n{_wrap(text)}"
            elif node.goto:
                label = law + "\n→ " + _wrap(t.gettext(reg[node.goto].title))
            else:
                label = law + "\n" + ruling_word
            attrs = [f"label={_q(label)}", f"tooltip={_q(law)}"]
            if node.ruling is not None:
                attrs.append('shape=box, style="filled", fillcolor="#eef3fb"')
            if (tid, node.id) in on_path:
                attrs.append('fillcolor="#ffe08a", color="#b8860b", penwidth=2')
            if (tid, node.id) == current:
                attrs.append('fillcolor="#f4a261", color="#8b3a00", penwidth=3')
            lines.append(f"{nid(tid, node.id)} [{', '.join(attrs)}];")
        lines.append("}")
    for tid in tree_ids:
        tree = reg[tid]
        for node in tree.nodes.values():
            for value, target in node.answers.items():
                hot = ((tid, node.id), (tid, target)) in steps
                style = ', color="#b8860b", penwidth=2.5, fontcolor="#8b3a00"' if hot else ""
                lines.append(f"{nid(tid, node.id)} -> {nid(tid, target)} "
                             f"[label={_q(_wrap(_option_label(node.ask, value, t), 22))}{style}];")
            if node.goto:
                target_tree = reg[node.goto]
                if node.goto in tree_ids:
                    target = (node.goto, target_tree.start)
                    hot = ((tid, node.id), target) in steps
                    style = ', color="#b8860b", penwidth=2.5' if hot else ""
                    lines.append(f"{nid(tid, node.id)} -> {nid(*target)} [style=dashed{style}];")
    lines.append("}")
    return "\n".join(lines), path


def _diagram(d: dict, start_tree: str, t) -> None:
    dot, path = tree_dot(d, start_tree, t)
    st.subheader(t.gettext("The decision tree"), anchor=False)
    st.caption(t.gettext("The path taken is highlighted; the current step is in orange."))
    st.graphviz_chart(dot, width="stretch")
