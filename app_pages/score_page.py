"""Score: the Law 77 score of a result, with its breakdown, and the weighted assigned adjusted
score of Law 12C1(c) (also in IMPs against the other table). Calls :mod:`laws.scoring`; the
wording of the breakdown is shared with the CLI (``present/score.py``).

Deep links: ``score?result=4HX-2&vul=1``, ``score?adjust=4S%3D:60,4S-1:40&against=420&adjust_vul=1`` (opens
the weighted adjusted score's tab; ``tab=adjusted`` opens it in any case).
"""
from __future__ import annotations

from fractions import Fraction

import streamlit as st

from present import score as PS
from laws import scoring as S

from . import common

RESULT_KEY, VUL_KEY, ADJ_KEY, ADJ_VUL_KEY, AGAINST_KEY, SEEN_KEY = (
    "sc_result", "sc_vul", "sc_adjust", "sc_adj_vul", "sc_against", "_sc_url")


def _url() -> tuple:
    qp = st.query_params
    return (qp.get("result") or "", qp.get("vul") or "", qp.get("adjust") or "", qp.get("against") or "",
            qp.get("adjust_vul") or "")


def _write_url() -> None:
    ss, qp = st.session_state, st.query_params
    for name, key in (("result", RESULT_KEY), ("against", AGAINST_KEY)):
        v = (ss.get(key) or "").strip()
        if v:
            qp[name] = v
        else:
            qp.pop(name, None)
    adj = ",".join((ss.get(ADJ_KEY) or "").split())
    if adj:
        qp["adjust"] = adj
    else:
        qp.pop("adjust", None)
    for name, key in (("vul", VUL_KEY), ("adjust_vul", ADJ_VUL_KEY)):
        if ss.get(key):
            qp[name] = "1"
        else:
            qp.pop(name, None)
    qp["lang"] = common.lang()
    ss[SEEN_KEY] = _url()


def _sync() -> None:
    ss = st.session_state
    url = _url()
    if ss.get(SEEN_KEY) == url and RESULT_KEY in ss:
        return
    result, vul, adjust, against, adjust_vul = url
    ss[RESULT_KEY] = result or ss.get(RESULT_KEY) or ""
    ss[VUL_KEY] = vul.lower() in ("1", "yes", "true")
    ss[ADJ_VUL_KEY] = adjust_vul.lower() in ("1", "yes", "true")
    ss[ADJ_KEY] = "\n".join(x for x in adjust.replace(",", " ").split()) if adjust else ss.get(ADJ_KEY, "")
    ss[AGAINST_KEY] = against or ss.get(AGAINST_KEY, "")
    ss[SEEN_KEY] = url


def page() -> None:
    t = common.tr()
    _sync()
    st.title(t.gettext("Score"))
    common.set_title(t.gettext("Score"))
    labels = [t.gettext("Score of a result (Law 77)"), t.gettext("Weighted adjusted score (Law 12C1(c))")]
    qp = st.query_params
    adjusted = qp.get("tab") == "adjusted" or (("adjust" in qp or "against" in qp) and "result" not in qp)
    tab1, tab2 = st.tabs(labels, default=labels[1] if adjusted else labels[0])
    with tab1:
        _result(t)
    with tab2:
        _adjusted(t)


def _result(t) -> None:
    c1, c2 = st.columns([3, 1])
    text = c1.text_input(t.gettext("Result"), key=RESULT_KEY, on_change=_write_url, placeholder="4HX-2  3NT+1  6S=",
                         help=t.gettext("Level, denomination, X or XX, then =, +N or -N: 4HX-2, 3NT+1, 6S=; PASS for "
                                        "a passed-out board. Several results separated by spaces."))
    vul = c2.toggle(t.gettext("Declarer vulnerable"), key=VUL_KEY, on_change=_write_url)
    results = (text or "").split()
    if not results:
        st.info(t.gettext("Enter a result such as 4HX-2 to see its score for the declaring side."))
        return
    for r in results:
        try:
            s = S.score_result(r, vulnerable=vul)
        except S.ScoringError as e:
            common.error(e.translate(t.gettext))
            continue
        with st.container(border=True):
            st.metric(PS.summary(s, t), s.total)
            rows = PS.breakdown_lines(s, t)
            if rows:
                common.show_html("<table>" + "".join(
                    f"<tr><td style='padding-right:2em'>{common.esc(label)}</td><td style='text-align:right'>{points}"
                    "</td></tr>" for label, points in rows) + "</table>")
    st.caption(t.gettext("Scores for the declaring side (Law 77)."))


def _adjusted(t) -> None:
    text = st.text_area(t.gettext("Possible results and their weights"), key=ADJ_KEY, on_change=_write_url,
                        placeholder="4S=:60\n4S-1:40",
                        help=t.gettext("One RESULT:PERCENT per line, e.g. 4S=:60 and 4S-1:40; the percentages must "
                                       "add up to 100 (100/3 is a third)."))
    c1, c2 = st.columns(2)
    vul = c1.toggle(t.gettext("Declarer vulnerable"), key=ADJ_VUL_KEY, on_change=_write_url)
    against = c2.text_input(t.gettext("Score at the other table (optional)"), key=AGAINST_KEY, on_change=_write_url,
                            placeholder="420",
                            help=t.gettext("Points for the same side (420, -50) or a result (4S=): the IMPs of each "
                                           "result are then weighted."))
    comps = (text or "").replace(",", " ").split()
    if not comps:
        st.info(t.gettext("Enter the possible results with their weights, e.g. 4S=:60 and 4S-1:40."))
        return
    try:
        w = S.adjusted_score(comps, vulnerable=vul, against=(against or "").strip() or None)
    except S.ScoringError as e:
        common.error(e.translate(t.gettext))
        return
    rows = [{t.gettext("Weight"): PS.pct(c.percent, t), t.gettext("Result"): c.score.result,
             t.gettext("Contract"): PS.summary(c.score, t), t.gettext("Points"): c.points}
            for c in w.components]
    if w.against is not None:
        for row, c in zip(rows, w.components):
            row[t.gettext("IMPs")] = c.imps
    st.dataframe(rows, hide_index=True, width="stretch")
    m1, m2 = st.columns(2)
    m1.metric(t.gettext("Weighted score"), PS.num(w.exact, t))
    exact = Fraction(S.round2(w.exact)) == w.exact
    if not exact:
        m1.caption(t.gettext("(exactly {exact}; {rounding})").format(exact=S.exact_str(w.exact),
                                                                     rounding=t.gettext(S.ROUNDING)))
    if w.against is not None:
        m2.metric(t.gettext("Weighted IMPs"), PS.num(w.weighted_imps, t))
        st.caption(t.gettext("(The IMPs of each result are weighted, not its points.)"))
    st.caption(t.gettext("Weighted assigned adjusted score, Law 12C1(c) of the 2017 Laws."))
