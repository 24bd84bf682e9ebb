"""Score: the Law 77 score of a result, with its breakdown, and the weighted assigned adjusted
score of Law 12C1(c) (also in IMPs against the other table). Calls :mod:`laws.scoring`; the
wording of the breakdown is shared with the CLI (``present/score.py``).

Results are typed and shown in the notation of the interface language (:mod:`app_pages.results`:
``4CX-2`` is four hearts doubled in Spanish and Italian); the URL keeps the neutral result.

Deep links: ``score?result=4HX-2&vul=1``, ``score?adjust=4S%3D:60,4S-1:40&against=420&adjust_vul=1`` (opens
the weighted adjusted score's tab; ``tab=adjusted`` opens it in any case).
"""
from __future__ import annotations

from fractions import Fraction

import streamlit as st

from laws import editions as ED
from laws import notation as N
from laws import scoring as S
from present import score as PS

from . import common
from .results import (PASSED_OUT, ResultError, is_points, read_result, read_weighted, scoring_message, write_result,
                      write_weighted)

WEIGHTED_LAW = "12C1c"   # the provision of the weighted adjusted score (laws.scoring computes it)
RESULT_KEY, VUL_KEY, ADJ_KEY, ADJ_VUL_KEY, AGAINST_KEY, SEEN_KEY = (
    "sc_result", "sc_vul", "sc_adjust", "sc_adj_vul", "sc_against", "_sc_url")


def _url() -> tuple:
    qp = st.query_params
    return (qp.get("result") or "", qp.get("vul") or "", qp.get("adjust") or "", qp.get("against") or "",
            qp.get("adjust_vul") or "")


def _write_url() -> None:
    ss = st.session_state
    against = (ss.get(AGAINST_KEY) or "").strip()
    common.update_url(result=" ".join(_neutral(read_result, x) for x in (ss.get(RESULT_KEY) or "").split()) or None,
                      against=(against if is_points(against) else _neutral(read_result, against)) or None,
                      adjust=",".join(_neutral(read_weighted, x) for x in (ss.get(ADJ_KEY) or "").replace(",", " ").split())
                      or None,
                      vul="1" if ss.get(VUL_KEY) else None, adjust_vul="1" if ss.get(ADJ_VUL_KEY) else None,
                      lang=common.lang())
    ss[SEEN_KEY] = _url()


def _edition_of(key: str) -> str:
    """The newest edition of the Laws that has the provision ``key`` (the registry's data)."""
    k = common.parse_key(key)
    return next((e for e in reversed(ED.editions()) if k in ED.known_keys(e)), ED.in_force())


def _neutral(read, text: str) -> str:
    """``text`` read in the interface's notation (as typed if it cannot be read: the page says why)."""
    try:
        return read(text, common.notation())
    except ResultError:
        return text


def _typed(write, text: str) -> str:
    return write(text, common.notation())


def _sync() -> None:
    ss = st.session_state
    url = _url()
    if ss.get(SEEN_KEY) == url and RESULT_KEY in ss:
        return
    result, vul, adjust, against, adjust_vul = url
    ss[RESULT_KEY] = " ".join(_typed(write_result, x) for x in result.split()) if result else ss.get(RESULT_KEY) or ""
    ss[VUL_KEY] = vul.lower() in ("1", "yes", "true")
    ss[ADJ_VUL_KEY] = adjust_vul.lower() in ("1", "yes", "true")
    ss[ADJ_KEY] = ("\n".join(_typed(write_weighted, x) for x in adjust.replace(",", " ").split()) if adjust
                   else ss.get(ADJ_KEY, ""))
    ss[AGAINST_KEY] = (against if is_points(against) else _typed(write_result, against)) if against else ss.get(
        AGAINST_KEY, "")
    ss[SEEN_KEY] = url


def page() -> None:
    t = common.tr()
    _sync()
    st.title(t.gettext("Score"), anchor=False)
    common.set_title(t.gettext("Score"))
    # short labels: both tabs fit a 390 px screen (each tab's page names its law in full)
    labels = [t.gettext("Result · Law 77"), t.gettext("Adjusted · Law 12C1(c)")]
    qp = st.query_params
    adjusted = qp.get("tab") == "adjusted" or (("adjust" in qp or "against" in qp) and "result" not in qp)
    tab1, tab2 = st.tabs(labels, default=labels[1] if adjusted else labels[0])
    with tab1:
        _result(t)
    with tab2:
        _adjusted(t)


def _examples(*neutral: str) -> str:
    return "  ".join(_typed(write_result, x) for x in neutral)


def _vulnerable(t, key: str) -> bool:
    """Declarer's vulnerability: two buttons for the thumb (not a small switch)."""
    st.segmented_control(t.gettext("Declarer vulnerable"), (False, True), key=key, required=True,
                         on_change=_write_url, format_func=lambda v: t.pgettext("scoring", "vulnerable") if v
                         else t.pgettext("scoring", "not vulnerable"))
    return bool(st.session_state.get(key))


def _result(t) -> None:
    text = st.text_input(t.gettext("Result"), key=RESULT_KEY, on_change=_write_url,
                         placeholder=_examples("4HX-2", "3NT+1", "6S="))
    common.caption(t.gettext("Level, denomination, X or XX, then =, +N or -N: {examples}; {pass_} for a passed-out "
                             "board. Several results separated by spaces.").format(
        examples=", ".join(_typed(write_result, x) for x in ("4HX-2", "3NT+1", "6S=")),
        pass_=_typed(write_result, PASSED_OUT)) + " " + t.gettext(
        "Denominations: {letters}.").format(letters=N.get(common.notation()).letters()))
    vul = _vulnerable(t, VUL_KEY)
    results = (text or "").split()
    if not results:
        st.info(t.gettext("Enter a result such as {example} to see its score for the declaring side.").format(
            example=_typed(write_result, "4HX-2")))
        return
    for r in results:
        try:
            s = S.score_result(read_result(r, common.notation()), vulnerable=vul)
        except ResultError as e:
            common.error(e.translate(t))
            continue
        except S.ScoringError as e:
            common.error(scoring_message(e, t, common.notation(), r))
            continue
        with st.container(border=True):
            st.metric(PS.summary(s, t), s.total)
            rows = PS.breakdown_lines(s, t)
            if rows:
                common.show_html("<table class='sc-rows'>" + "".join(
                    f"<tr><td>{common.esc(label)}</td><td>{points}</td></tr>" for label, points in rows) + "</table>")
    st.caption(t.gettext("Scores for the declaring side (Law 77)."))


def _adjusted(t) -> None:
    one, other = _typed(write_weighted, "4S=:60"), _typed(write_weighted, "4S-1:40")
    text = st.text_area(t.gettext("Possible results and their weights"), key=ADJ_KEY, on_change=_write_url,
                        placeholder=f"{one}\n{other}")
    common.caption(t.gettext("One RESULT:PERCENT per line, e.g. {one} and {other}; the percentages must add up to "
                             "100 (100/3 is a third).").format(one=one, other=other))
    vul = _vulnerable(t, ADJ_VUL_KEY)
    against = st.text_input(t.gettext("Score at the other table (optional)"), key=AGAINST_KEY, on_change=_write_url,
                            placeholder="420")
    common.caption(t.gettext("Points for the same side (420, -50) or a result ({example}): the IMPs of each result "
                             "are then weighted.").format(example=_typed(write_result, "4S=")))
    comps = (text or "").replace(",", " ").split()
    if not comps:
        st.info(t.gettext("Enter the possible results with their weights, e.g. {one} and {other}.").format(
            one=one, other=other))
        return
    against = (against or "").strip()
    try:
        code = common.notation()
        w = S.adjusted_score([read_weighted(c, code) for c in comps], vulnerable=vul,
                             against=(against if is_points(against) else read_result(against, code)) or None)
    except ResultError as e:
        common.error(e.translate(t))
        return
    except S.ScoringError as e:
        common.error(scoring_message(e, t, common.notation()))
        return
    rows = [{t.gettext("Weight"): PS.pct(c.percent, t), t.gettext("Result"): _typed(write_result, c.score.result),
             t.gettext("Contract"): PS.summary(c.score, t), t.gettext("Points"): c.points}
            for c in w.components]
    if w.against is not None:
        for row, c in zip(rows, w.components):
            row[t.gettext("IMPs")] = c.imps
    common.table(rows)
    m1, m2 = st.columns(2)
    m1.metric(t.gettext("Weighted score"), PS.num(w.exact, t))
    exact = Fraction(S.round2(w.exact)) == w.exact
    if not exact:
        m1.caption(t.gettext("(exactly {exact}; {rounding})").format(exact=S.exact_str(w.exact),
                                                                     rounding=t.gettext(S.ROUNDING)))
    if w.against is not None:
        m2.metric(t.gettext("Weighted IMPs"), PS.num(w.weighted_imps, t))
        st.caption(t.gettext("(The IMPs of each result are weighted, not its points.)"))
    st.caption(t.gettext("Weighted assigned adjusted score, Law 12C1(c) of the {edition} Laws.").format(
        edition=_edition_of(WEIGHTED_LAW)))
