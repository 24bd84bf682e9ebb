"""Ruling assistant, phone first: the dealer and the auction record (typed, or tapped on a
bidding-box keypad; validated as it is entered, the irregularity detected and explained), then
one question at a time with Back and Restart at hand, then the ruling card with the governing
provision; the steps taken as a list (the whole decision tree as a diagram on demand); the
ruling record for the tournament's file (event, board, table, pairs, director...) as Markdown,
JSON and a print view, and a JSON record read back. The trees that need no auction are walked
from the director's answers alone.

Everything is :func:`laws.rulings.rule.rule` (and :func:`laws.rulings.auction.replay` for the validation);
the wizard's state (the answers given so far) lives in ``st.session_state`` and in the URL:
``ruling?dealer=N&auction=1H+1D+TD+E:2D&fact=artificial=no&edition=2017`` or ``ruling?tree=card_exposed``.

**The edition.** The page says which edition of the Laws it rules by and lets the director switch
(:mod:`app_pages.edition`); the URL and the ruling record carry it.
"""
from __future__ import annotations

from datetime import datetime

import streamlit as st

from i18n import N_
from laws import editions as ED
from laws import notation as N
from laws.rulings import auction as A
from laws.rulings import rule as RU
from laws.rulings import trees as R

from present import record as REC
from present import ruling as PR

from . import common, edition, files
from .keypad import keypad
from .rule_links import tree_link_html
from .ruling_diagram import diagram, path_of

MODE_KEY, DEALER_KEY, AUCTION_KEY, TREE_KEY, ANSWERS_KEY = "rl_mode", "rl_dealer", "rl_auction", "rl_tree", "rl_answers"
EDITION_KEY = "rl_edition"
ACCEPTANCE = "accepted"   # the engine's fact: the offender's LHO, offered the option, accepts the irregular call
EXAMPLE_KEY, RECORD_SEEN_KEY = "rl_example", "_rl_record"
MODES = ("auction", "tree")
MODE_LABELS = {"auction": N_("From the auction record"), "tree": N_("Without an auction (a decision tree)")}
SEATS = A.SEATS
META_PREFIX, UPLOAD_KEY, LOADED_KEY = "rl_meta_", "rl_upload", "_rl_loaded"


NOTATION_KEY, DIAGRAM_KEY = "rl_notation", "_rl_diagram"


def _flip_diagram() -> None:
    st.session_state[DIAGRAM_KEY] = not st.session_state.get(DIAGRAM_KEY, False)


# -- the record in the interface language's notation -----------------------------------------------
# The input box holds the record as the director types it, in the notation of the interface
# language (es: 1C = one heart); the URL, the engine and the ruling record hold the neutral record.
def _typed(neutral: str) -> str:
    """A neutral record in the interface's notation (the text as it was if it does not parse)."""
    try:
        return N.write_record(neutral, common.notation())
    except (A.AuctionError, ValueError):
        return neutral


def _neutral(typed: str | None = None, notation: str | None = None) -> str:
    """The typed record (default: the input box's) in the neutral notation; AuctionError if a
    token is not a call of the notation."""
    text = st.session_state.get(AUCTION_KEY) if typed is None else typed
    return N.to_neutral((text or "").strip(), notation or common.notation())


def _neutral_or_typed() -> str:
    try:
        return _neutral()
    except (A.AuctionError, ValueError):
        return (st.session_state.get(AUCTION_KEY) or "").strip()


def _follow_notation() -> None:
    """The interface language changed: the typed record is rewritten in the new notation."""
    ss = st.session_state
    old, new = ss.get(NOTATION_KEY), common.notation()
    if old and old != new and (ss.get(AUCTION_KEY) or "").strip():
        try:
            _set_record(N.write_record(_neutral(notation=old), new))
        except (A.AuctionError, ValueError):
            pass
    ss[NOTATION_KEY] = new


# -- the edition -------------------------------------------------------------------------------------
def _edition() -> str:
    """The edition the page rules by (see :mod:`app_pages.edition`)."""
    return edition.chosen(EDITION_KEY)


def _switch_edition(ed: str) -> None:
    edition.choose(EDITION_KEY, ed)
    _write_url()


# -- state and URL ---------------------------------------------------------------------------------
def _url_state() -> tuple:
    qp = st.query_params
    return (qp.get("dealer"), qp.get("auction"), qp.get("tree"), tuple(qp.get_all("fact")), qp.get("edition"))


def _answers() -> list:
    return st.session_state.setdefault(ANSWERS_KEY, [])


def _write_url() -> None:
    """Mirror the wizard into the URL, so that a ruling can be shared or reopened."""
    ss = st.session_state
    mode = ss.get(MODE_KEY, "auction")
    record = mode == "auction" and (ss.get(AUCTION_KEY) or "").strip()
    common.update_url(dealer=ss.get(DEALER_KEY, "N") if record else None, auction=_neutral_or_typed() if record else None,
                      tree=ss.get(TREE_KEY) if mode == "tree" else None,
                      fact=[f"{k}={v}" for k, v in _answers()] or None, lang=common.lang(),
                      edition=_edition() if record or mode == "tree" else None)
    ss[RECORD_SEEN_KEY] = _neutral_or_typed() if record else None


def _sync_from_url(t) -> None:
    """The URL sets the wizard, at every run: the wizard's own changes are written to the URL at
    once (:func:`_write_url`), so the screen always shows what the address says, whatever came
    first (a link, Back, a tap on the bar while the app was still answering)."""
    ss = st.session_state
    url = _url_state()
    ss.setdefault(MODE_KEY, "auction")
    ss.setdefault(DEALER_KEY, "N")
    ss.setdefault(AUCTION_KEY, "")
    ss.setdefault(TREE_KEY, "insufficient_bid")
    dealer, auction, tree, facts, asked = url
    problems = []
    if asked:
        if asked in ED.editions():
            edition.choose(EDITION_KEY, asked)
        else:
            e = R.EditionUnknown(asked, ED.editions())
            problems.append(t.gettext(e.msgid).format(**e.params))
    elif auction is not None or tree:  # a link without an edition: the default one
        edition.choose(EDITION_KEY, edition.default())
    if tree:
        if tree in common.trees(_edition()) or tree in _all_tree_ids():
            ss[MODE_KEY], ss[TREE_KEY] = "tree", tree
        else:
            problems.append(t.gettext("unknown tree {tree}: the trees are {trees}").format(
                tree=tree, trees=", ".join(sorted(_all_tree_ids()))))
    elif auction is not None:
        ss[MODE_KEY], ss[RECORD_SEEN_KEY] = "auction", auction
        _set_record(_typed(auction))
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


def _tree(tree_id: str | None):
    """A tree by id: the chosen edition's, else another edition's (for its title), else None."""
    for ed in (_edition(),) + tuple(R.tree_editions()):
        tree = common.trees(ed).get(tree_id)
        if tree is not None:
            return tree
    return None


def _all_tree_ids() -> set:
    """The tree ids of every edition (a tree one edition lacks is said so, not called unknown)."""
    return {tid for ed in R.tree_editions() for tid in common.trees(ed)}


def _reset() -> None:
    st.session_state[ANSWERS_KEY] = []
    _write_url()


def _changed(name: str) -> None:
    """Callback of a per-language widget (mode, dealer, tree): keep its value, restart the walk if
    the value is another one."""
    before = st.session_state.get(name)
    common.keep(name)
    if st.session_state.get(name) != before:
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
    _set_record(_typed(auction))
    st.session_state[key] = None
    _reset()


# -- labels (present/ruling.py, shared with the CLI) ---------------------------------------------
_option_label, _question_text, kind_label = PR.option_label, PR.question_text, PR.kind_label


def _governing(d: dict):
    return PR.governing(d, common.corpus())


# -- the keypad ---------------------------------------------------------------------------------
def _record_tokens() -> list[str]:
    return (st.session_state.get(AUCTION_KEY) or "").split()


def _keyed(text: str) -> None:
    """The keypad's record (taps applied in the browser, see :mod:`app_pages.keypad`)."""
    _set_record(text)
    _record_changed()


def _set_record(text: str) -> None:
    """The app itself changes the record (a tap, a link, an example, an upload): the record box is
    drawn anew (:func:`app_pages.lang.widget_key`), never reporting its old text back as typed."""
    st.session_state[AUCTION_KEY] = text


def _typed_in() -> None:
    common.keep(AUCTION_KEY)
    _record_changed()


def _record_changed() -> None:
    """The record was typed or tapped: the walk restarts, but only if the record is another one (a
    widget that reports the value it already had, after being drawn elsewhere, changes nothing)."""
    ss = st.session_state
    if ss.get(MODE_KEY) == "auction" and _neutral_or_typed() == ss.get(RECORD_SEEN_KEY):
        return
    ss[MODE_KEY] = "auction"
    _reset()


# -- the page --------------------------------------------------------------------------------------
def _compute(t):
    """The ruling for the current inputs: (d translated or None, the replayed state, an error message)."""
    ss = st.session_state
    facts = {k: v for k, v in _answers()}
    if ss.get(MODE_KEY) == "tree":
        tree_id = ss.get(TREE_KEY)
        if tree_id not in _all_tree_ids():
            return None, None, None
        try:
            return RU.translate(RU.rule(None, None, facts, tree_id, _edition()), t), None, None
        except RU.RulingError as e:
            return None, None, e.translate(t)
    if not (ss.get(AUCTION_KEY) or "").strip():
        return None, None, None
    try:
        record = _neutral()
        state = A.replay(record, ss.get(DEALER_KEY, "N"))
    except A.AuctionError as e:
        return None, e, e.translate(t)
    try:
        return RU.translate(RU.rule(ss.get(DEALER_KEY, "N"), record, facts, None, _edition()), t), state, None
    except A.AuctionError as e:
        return None, e, e.translate(t)
    except RU.RulingError as e:
        return None, state, e.translate(t)


def _no_tree(d: dict, t) -> None:
    """The edition chosen has no tree for this irregularity: said plainly, with the editions that have one."""
    common.warning(d["explanation"])
    with st.container(horizontal=True, gap="small"):
        for ed in d.get("editions_with_tree") or []:
            st.button(t.gettext("Rule by the {edition} Laws").format(edition=ed), key=f"rl_to_{ed}",
                      on_click=_switch_edition, args=(ed,))


def page() -> None:
    t = common.tr()
    _sync_from_url(t)
    _follow_notation()
    ss = st.session_state
    common.set_title(t.gettext("Ruling assistant"))
    st.title(t.gettext("Ruling assistant"), anchor=False)
    for p in ss.pop("_rl_url_problems", []):
        common.error(p)
    for kind, msg in ss.pop("_rl_upload_msgs", []):
        (common.error if kind == "error" else common.info)(msg)
    d, state, err = _compute(t)
    mode = ss.get(MODE_KEY, "auction")
    tokens = _record_tokens()
    entered = d is not None and d["status"] in ("needs", "ruling") and (mode == "tree" or "TD" in
                                                                        [x.upper() for x in tokens])
    if not entered:  # the edition's switch first; once a step is reached, the step first (the header says the edition)
        edition.control(EDITION_KEY, t, _write_url)
        if d is not None and d["status"] == "no_tree":
            _no_tree(d, t)
        _inputs(t, d, state, err, expanded=True)
        if d is None or d["status"] not in ("needs", "ruling"):
            return
    with st.container(key="rl_step"):  # the step reached: its top on the screen after each answer
        _header(d, t)
        if d["status"] == "needs":
            _question(d, t)
        else:
            _card(d, t)
    if entered:
        common.scroll_to(".st-key-rl_step", repr(_url_state()))
    _unasked(d, t)
    _loaded_check(d, t)
    _steps(d, t)
    if entered:
        edition.control(EDITION_KEY, t, _write_url)
        _inputs(t, d, state, err, expanded=False)
    if d["status"] == "ruling":
        _record_for_file(d, mode, t)
    _given(d, t)
    # the diagram is drawn only on demand: on a phone it is heavy, and the steps above say the path
    shown = st.session_state.get(DIAGRAM_KEY, False)
    st.button(":material/account_tree: " + t.gettext("The whole decision tree (diagram)"), key="rl_show_tree",
              type="primary" if shown else "secondary", on_click=_flip_diagram)
    if shown:
        diagram(d, t)


def _record_label(t) -> str:
    ss = st.session_state
    if ss.get(MODE_KEY) == "tree":
        tree = _tree(ss.get(TREE_KEY))
        return t.gettext("Irregularity") + ": " + (t.gettext(tree.title) if tree else "")
    return t.gettext("Auction record") + f": {common.seat(ss.get(DEALER_KEY, 'N'), t)} · {' '.join(_record_tokens())}"


def _inputs(t, d, state, err, expanded: bool) -> None:
    """The mode, the dealer and the record (text and keypad) or the tree, examples and upload."""
    box = st.container() if expanded else st.expander(common.md(_record_label(t)), expanded=False)
    with box:
        mode = st.radio(t.gettext("Rule on"), MODES, key=common.widget_key(MODE_KEY), horizontal=True,
                        on_change=_changed, args=(MODE_KEY,), format_func=lambda m: t.gettext(MODE_LABELS[m]))
        if mode == "auction":
            _auction_inputs(t, state, err)
        else:
            _tree_input(t)
            if err:
                common.error(err)
                st.button(t.gettext("Restart"), key="rl_restart_err", on_click=_reset)
        if d is not None and d["status"] == "no_irregularity":
            st.success(common.md(t.gettext("No irregularity in this auction: nothing to rule on.")))
        _upload(t)


def _auction_inputs(t, state, err) -> None:
    c1, c2 = st.columns([2, 3])
    c1.segmented_control(t.gettext("Dealer"), SEATS, key=common.widget_key(DEALER_KEY), required=True,
                         on_change=_changed, args=(DEALER_KEY,), format_func=lambda s: common.seat(s, t))
    c2.text_input(
        t.gettext("Auction record"), key=common.widget_key(AUCTION_KEY, ""), on_change=_typed_in,
        placeholder=_typed("1H 1D TD"))
    common.caption(N.describe(common.notation(), t))
    keypad(st.session_state.get(AUCTION_KEY) or "", t, lambda s: common.seat(s, t), _keyed)
    # the help in words under the keypad, not in a tooltip (whose icon Streamlit labels in English)
    common.caption(t.gettext("Calls separated by spaces, in the notation above (suit symbols too, e.g. 1♠); a seat and a "
                             "colon before a call out of rotation; TD where the director is called; AP for all pass. "
                             "Calls after TD are made after the rectification."))
    examples = {}
    for tree in common.trees(_edition()).values():
        for ex in tree.examples:
            if ex.get("auction"):
                examples[f"{ex.get('dealer', 'N')}|{ex['auction']}"] = ex.get("title") or ex["auction"]
    with st.expander(t.gettext("Or load a worked example")):
        st.selectbox(t.gettext("Worked examples of the decision trees"), list(examples), index=None,
                     key=f"{EXAMPLE_KEY}.{common.lang()}",
                     on_change=_load_example, placeholder=t.gettext("Choose an example"),
                     format_func=lambda k: _typed(k.split("|", 1)[1]) + "  —  " + t.gettext(examples[k]))
    record = " ".join(_record_tokens())
    if not record:
        common.info(t.gettext("Enter the auction as it happened, up to the irregularity, and TD where the director "
                              "was called: for example {record} (East's 1♦ is insufficient).").format(
            record=_typed("1H 1D TD")))
        return
    if isinstance(state, A.AuctionError):
        common.error(err)
        e = state
        if e.position:
            toks = record.split()
            marked = " ".join(f"<mark>{common.esc(x)}</mark>" if i + 1 == e.position else common.esc(x)
                              for i, x in enumerate(toks))
            common.show_html(f"<p>{marked}</p>")
        return
    if err:
        common.error(err)
    if state is not None:
        common.caption(N.read_as(_neutral_or_typed(), common.notation(), t))  # how the record was read, before any ruling
        _auction_table(state, t)


def _auction_table(state, t) -> None:
    """The irregularity the record shows, explained; the replayed auction in an expander."""
    from present.auction import call_status, call_text, contract_text, irregularity_lines, obligation_text

    n = len(state.irregularities)
    if n:
        lines = irregularity_lines(n, state.irregularities[-1], state, t)
        common.warning("\n".join(line.strip() for line in lines))
    with st.expander(t.gettext("The auction, as replayed"), expanded=False):
        rows = [{"#": e.index + 1, t.gettext("Seat"): common.seat(e.seat, t), t.gettext("Call"): call_text(e.call, t),
                 t.gettext("Status"): call_status(e, t)} for e in state.calls]
        common.table(rows)
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
    ids = sorted(_all_tree_ids(), key=lambda i: t.gettext(_tree(i).title).lower())
    tree_id = st.selectbox(t.gettext("Irregularity"), ids, key=common.widget_key(TREE_KEY), on_change=_changed,
                           args=(TREE_KEY,), format_func=lambda i: t.gettext(_tree(i).title),
                           placeholder=t.gettext("Irregularity"))
    tree = _tree(tree_id)
    if tree.summary:
        st.caption(t.gettext(tree.summary))
    return tree_id


def _law(d: dict, key, t, words: str | None = None) -> str:
    """A link to a provision of the ruling, in the ruling's edition: previewed in the reader's text
    if it follows that edition, else in another text of it (never in the other edition's)."""
    ed = PR.laws_edition(d)
    ui = common.lang()
    text_lang = ui if ed and common.text_edition(ui) == ed else None
    return common.law_link(key, words or key.display, text_lang, t, edition=ed)


def _trail_html(d: dict, t) -> str:
    links = [_law(d, common.parse_key(k), t, common.key_display(k)) for k in d["trail"] if common.parse_key(k) is not None]
    return '<p class="trail">' + " › ".join(links) + "</p>"


def _header(d: dict, t) -> None:
    head = t.gettext("Irregularity: {kind}").format(kind=kind_label(d["irregularity"], t))
    if d.get("offender"):
        head += " — " + t.gettext("offender: {seat}").format(seat=common.seat(d["offender"], t))
    if d.get("edition_label"):  # the edition it rules by, always in sight
        head += " · " + d["edition_label"]
    passed = t.gettext("Provisions passed:")
    common.show_html(f"<p class='rl-head'><b>{common.esc(head)}</b><br><span class='pub-label'>{common.esc(passed)}"
                     f"</span> " + _trail_html(d, t)[len('<p class="trail">'):-4] + "</p>")
    notice = PR.edition_notice(d, common.lang(), common.corpus(), t)
    if notice:  # a ruling of one edition read in the language of a text of the other: one short line
        common.show_html(f"<p class='rl-edition'>{common.esc(notice)}</p>")


def _controls(t, where: str) -> None:
    with st.container(horizontal=True, gap="small", key=f"rl_ctl_{where}"):
        st.button(":material/undo: " + t.gettext("Back"), key=f"rl_back_{where}", on_click=_back,
                  disabled=not _answers())
        st.button(":material/restart_alt: " + t.gettext("Restart"), key=f"rl_restart_{where}", on_click=_reset,
                  disabled=not _answers())


def _question(d: dict, t) -> None:
    q = d["question"]
    n = len(_answers()) + 1
    with st.container(border=True, key="rl_question"):
        law = common.parse_key(q["law"]) if q.get("law") else None
        number = t.gettext("Question {n}").format(n=n)
        first = ""
        if q["fact"] == ACCEPTANCE:  # the LHO's option comes before any rectification (27A1, 29A...)
            step = t.gettext("The director's first step: the offender's left-hand opponent may accept the call.")
            first = f"<p class='rl-first'>{common.esc(step)}</p>"
        common.show_html(f"<p class='pub-label'><b>{common.esc(number)}</b>"
                         + (" · " + _law(d, law, t) if law else "") + "</p>" + first
                         + f"<p class='rl-q'>{common.esc(q['text'])}</p>")
        if q.get("help"):
            with st.expander(t.gettext("Help")):
                st.markdown(common.md(q["help"]))
        for opt in q["options"]:
            st.button(opt["label"], key=f"rl_opt_{q['fact']}_{opt['value']}", on_click=_answer,
                      args=(q["fact"], opt["value"]), width="stretch")
        _controls(t, "q")


def _card(d: dict, t) -> None:
    key, gp = _governing(d)
    ruling, governing = t.gettext("Ruling"), t.gettext("The governing provision")
    with st.container(border=True, key="rl_card"):
        common.show_html(f"<p class='rl-card-head'>{common.esc(ruling)} · "
                         + (_law(d, key, t) if key else "") + "</p>")
        st.markdown(common.md(d["explanation"]))
        common.show_html("<table class='rl-rows'>" + "".join(
            f"<tr><td><b>{common.esc(a)}</b></td><td>{common.esc(b)}</td></tr>"
            for a, b in PR.ruling_rows(d, t)) + "</table>")
        _follow_up(d, t)
        _controls(t, "card")
        if gp is not None:
            with st.expander(f"{governing} · {key.display} · {common.lang_label(gp.lang, t)} · {common.pub_label(gp)}",
                             expanded=False):
                common.show_html(common.provision_html(gp, t))
                ui = common.lang()
                other = common.corpus().get(key, ui) if ui != gp.lang else None
                if other is not None:
                    st.markdown("**" + common.md(t.gettext("In the {language} text ({publication})").format(
                        language=common.lang_label(ui, t), publication=common.pub_label(other))) + "**")
                    common.show_html(common.provision_html(other, t))


def _unasked_nodes(d: dict) -> list:
    """The nodes of the ruling's path passed on their ``unasked`` answer (the ruling's ``facts_unasked``: a
    question the tree does not ask, e.g. whether an insufficient bid was unintended once the director is
    called, 25A1), each once, in the path's order: ``[(fact, law, node)]``."""
    reg = common.trees(PR.laws_edition(d))
    wanted = {(u.get("fact"), u.get("law")) for u in d.get("facts_unasked") or []}
    out, seen = [], set()
    for tid, nid in path_of(d):
        node = reg[tid].nodes.get(nid) if tid in reg else None
        if node is None or node.unasked is None or (node.ask, node.law) not in wanted or node.ask in seen:
            continue
        seen.add(node.ask)
        out.append((node.ask, node.law, node))
    return out


def _unasked(d: dict, t) -> None:
    """The questions the tree did not ask, its usual answer taken (``facts_unasked``): each with its provision,
    the answer the ruling took, and its answers as buttons: the director who hears it at the table answers,
    and the ruling is given anew (the answer goes into the URL like any other)."""
    for fact, law, node in _unasked_nodes(d):
        key = common.parse_key(law)
        link = " · " + _law(d, key, t) if key else ""
        taken = t.gettext("The ruling takes: {answer}. Answer if the table raises it.").format(
            answer=_option_label(fact, node.unasked, t))
        label = t.gettext("Not asked")
        with st.container(border=True, key=f"rl_unasked_{fact}"):
            common.show_html(f"<p class='pub-label'><b>{common.esc(label)}</b>{link}</p>"
                             f"<p class='rl-unasked-q'>{common.esc(_question_text(fact, t, d))}</p>"
                             f"<p class='pub-label'>{common.esc(taken)}</p>")
            with st.container(horizontal=True, gap="small"):
                for value in node.answers:
                    st.button(_option_label(fact, value, t), key=f"rl_un_{fact}_{value}", on_click=_answer,
                              args=(fact, value))


def _follow_up(d: dict, t) -> None:
    """The tree the ruling sends the director to later (its ``follow_up``: at the end of the play, 23C/27D ->
    ``correction_damage``), one tap away: a link to the ruling page on that tree, in the ruling's edition."""
    fu = d.get("follow_up")
    if not fu:
        return
    tree = common.trees(fu["edition"]).get(fu["tree"])
    words = RU.follow_up_label(fu, t) + (": " + t.gettext(tree.title) if tree else "")
    common.show_html(f'<p class="rl-follow-up">{tree_link_html(fu["tree"], fu["edition"], words)}</p>')


def _steps(d: dict, t) -> None:
    """The steps taken, as a vertical list: each provision, its question and the answer."""
    reg = common.trees(PR.laws_edition(d))
    path = path_of(d)
    used = d.get("facts_used") or {}
    given = dict(_answers())
    unasked = {fact: node.unasked for fact, _, node in _unasked_nodes(d)}
    items = []
    for tid, nid in path:
        tree = reg.get(tid)
        node = tree.nodes.get(nid) if tree else None
        if node is None:
            continue
        key = common.parse_key(node.law) if node.law else None
        link = _law(d, key, t) if key else ""
        if node.ask:
            text = t.gettext(node.question) if node.question else _question_text(node.ask, t)
            if node.ask in used:
                by = t.gettext("director") if node.ask in given else t.gettext("record")
                ans = (f" → <b>{common.esc(_option_label(node.ask, used[node.ask], t))}</b> "
                       f"<span class='pub-label'>({common.esc(by)})</span>")
            elif node.ask in unasked:  # passed on the answer the tree takes when nobody raises it
                by = t.gettext("not asked")
                ans = (f" → <b>{common.esc(_option_label(node.ask, unasked[node.ask], t))}</b> "
                       f"<span class='pub-label'>({common.esc(by)})</span>")
            else:
                ans = " → <b>?</b>"
            items.append(f"<li>{link} {common.esc(text)}{ans}</li>")
        elif node.goto:
            items.append(f"<li>{link} → {common.esc(t.gettext(reg[node.goto].title))}</li>")
        else:
            items.append(f"<li>{link} <b>{common.esc(t.gettext('Ruling'))}</b></li>")
    if items:
        with st.expander(":material/format_list_numbered: " + t.gettext("Steps taken ({n})").format(n=len(items)),
                         expanded=False):
            common.show_html("<ol class='rl-steps'>" + "".join(items) + "</ol>")
            changes = PR.edition_changes(d, common.lang(), common.corpus(), t)
            if changes:  # the trail in the other edition (the header's line says only that it differs)
                common.caption(changes)


def _given(d: dict, t) -> None:
    """The answers given that the ruling did not use, each with the engine's reason (``facts_ignored_why``: no step
    turns on it, the edition asks it elsewhere, the partner has called...)."""
    why = {w["fact"]: w.get("text") for w in d.get("facts_ignored_why") or []}
    given = dict(_answers())
    for k in d.get("facts_ignored") or []:
        line = t.gettext("An answer this ruling does not use: {question} → {answer}").format(
            question=_question_text(k, t), answer=_option_label(k, given[k], t) if k in given else "?")
        common.caption(line + (f" ({why[k]})" if why.get(k) else ""))


# -- the record of the ruling ----------------------------------------------------------------------
def _inputs_dict() -> dict:
    ss = st.session_state
    if ss.get(MODE_KEY) == "tree":
        return {"tree": ss.get(TREE_KEY)}
    return {"dealer": ss.get(DEALER_KEY), "auction": _neutral_or_typed()}


def _meta() -> dict:
    return {f: st.session_state.get(META_PREFIX + f) or "" for f in REC.META_FIELDS}


def ruling_record(d: dict, inputs: dict, answers: list, t, meta: dict | None = None) -> dict:
    """The record of the ruling (see :mod:`present.record`)."""
    return REC.build(d, inputs, answers, meta or {}, t, common.corpus())


def ruling_markdown(rec: dict, t) -> str:
    return REC.to_markdown(rec, t)


def _record_for_file(d: dict, mode: str, t) -> None:
    ss = st.session_state
    with st.expander(":material/description: " + t.gettext("The ruling record for the file"), expanded=False):
        ss.setdefault(META_PREFIX + "time", datetime.now().strftime("%Y-%m-%d %H:%M"))
        cols = st.columns(2)
        for i, f in enumerate(REC.META_FIELDS):
            cols[i % 2].text_input(t.gettext(REC.META_LABELS[f]), key=META_PREFIX + f, max_chars=REC.META_MAX)
        rec = ruling_record(d, _inputs_dict(), _answers(), t, _meta())
        stem = f"ruling-{d['irregularity']}-{common.parse_key(d['law']) or d['law']}"
        with st.container(horizontal=True, gap="small"):
            st.download_button(":material/article: Markdown", REC.to_markdown(rec, t), file_name=f"{stem}.md",
                               mime="text/markdown", key="rl_dl_md", on_click="ignore")
            st.download_button(":material/data_object: JSON", REC.to_json(rec), file_name=f"{stem}.json",
                               mime="application/json", key="rl_dl_json", on_click="ignore")
            st.download_button(":material/print: " + t.gettext("Print view"), REC.to_html(rec, t),
                               file_name=f"{stem}.html", mime="text/html", key="rl_dl_html", on_click="ignore")
        common.caption(t.gettext("The JSON record can be opened again here (“Open a saved ruling record”) and gives "
                                 "the same ruling."))


def _uploaded() -> None:
    ss = st.session_state
    t = common.tr()
    f = files.opened(UPLOAD_KEY)
    if f is None:
        return
    msgs = ss.setdefault("_rl_upload_msgs", [])
    try:
        parsed = REC.parse(f.data)
    except REC.RecordError as e:
        msgs.append(("error", t.gettext("This file cannot be read as a ruling record: {reason}").format(
            reason=e.translate(t))))
        return
    inp = parsed["input"]
    if "tree" in inp:
        ss[MODE_KEY], ss[TREE_KEY] = "tree", inp["tree"]
    else:
        ss[MODE_KEY], ss[DEALER_KEY] = "auction", inp["dealer"]
        _set_record(_typed(inp["auction"]))
    ss[ANSWERS_KEY] = [list(a) for a in parsed["answers"]]
    for k, v in parsed["meta"].items():
        ss[META_PREFIX + k] = v
    if parsed.get("laws_edition"):  # the record's edition: the same ruling comes out
        edition.choose(EDITION_KEY, parsed["laws_edition"])
    ss[LOADED_KEY] = parsed
    _write_url()


def _upload(t) -> None:
    with st.expander(":material/upload_file: " + t.gettext("Open a saved ruling record (JSON)")):
        files.picker(UPLOAD_KEY, t.gettext("Ruling record"), ("json",), t, on_open=_uploaded, max_mb=1)


def _loaded_check(d: dict, t) -> None:
    """After an upload: does the same ruling come out?"""
    parsed = st.session_state.pop(LOADED_KEY, None)
    if parsed is None:
        return
    diff = REC.differences(parsed, d)
    if diff:
        common.warning(t.gettext("The record was read, but the ruling now differs from the recorded one in: {fields}."
                                 ).format(fields=", ".join(diff)))
    else:
        st.success(common.md(t.gettext("The record was read back: the same ruling ({law}).").format(
            law=common.key_display(d.get("law") or "") or "-")), icon=":material/task_alt:")
