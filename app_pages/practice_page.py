"""Practice: exercises from the decision trees' worked examples and from generated auctions, in
the interface language. The player chooses the rectification; the app answers with the ruling of
:func:`laws.rulings.rule.rule` and the provision that decides it, in the edition of the tree the
exercise comes from, and keeps the score of the session.

Deep link: ``practice?source=generated`` (or ``examples``).
"""
from __future__ import annotations

import random

import streamlit as st

from i18n import N_
from laws.rulings import auction as A
from laws.rulings import rule as RU
from present import practice as P
from present import ruling as PR

from . import common

SOURCE_KEY, EX_KEY, PICK_KEY, SCORE_KEY, SEED_KEY = "pr_source", "pr_ex", "pr_pick", "pr_score", "pr_seed"
SOURCES = ("examples", "generated")
SOURCE_LABELS = {"examples": N_("Worked examples of the trees"), "generated": N_("Generated auctions")}


@st.cache_resource(show_spinner=False)
def _examples() -> list[dict]:
    out = []
    for ex in P.worked_examples():
        d = P.solve(ex)
        if len(P.choices(d, 0)) >= 2:  # an exercise with one possible answer teaches nothing
            out.append(ex)
    return out


def _new_exercise() -> None:
    ss = st.session_state
    seed = ss.get(SEED_KEY, random.randrange(1 << 30)) + 1
    ss[SEED_KEY] = seed
    if ss.get(SOURCE_KEY, "examples") == "generated":
        ex, _ = P.generated(seed)
    else:
        exs = _examples()
        ex = dict(exs[seed % len(exs)])
    ex["seed"] = seed
    ss[EX_KEY] = ex
    ss[PICK_KEY] = None


def _source_changed() -> None:
    common.keep(SOURCE_KEY)
    common.update_url(source=st.session_state[SOURCE_KEY])
    _new_exercise()


def _pick(i: int) -> None:
    ss = st.session_state
    if ss.get(PICK_KEY) is not None:
        return
    ss[PICK_KEY] = i
    ex = ss[EX_KEY]
    d = P.solve(ex)
    right = P.choices(d, ex["seed"]).index(PR.rectification(d)) == i
    score = ss.setdefault(SCORE_KEY, [0, 0])
    score[0] += 1 if right else 0
    score[1] += 1


def _reset_score() -> None:
    st.session_state[SCORE_KEY] = [0, 0]


def page() -> None:
    t = common.tr()
    ss = st.session_state
    common.set_title(t.gettext("Practice"))
    url_source = st.query_params.get("source")
    if url_source in SOURCES and ss.get(SOURCE_KEY) != url_source:
        ss[SOURCE_KEY] = url_source
        ss.pop(EX_KEY, None)
    ss.setdefault(SOURCE_KEY, "examples")
    st.title(t.gettext("Practice"), anchor=False)
    st.segmented_control(t.gettext("Exercises"), SOURCES, key=common.widget_key(SOURCE_KEY), required=True,
                         on_change=_source_changed, format_func=lambda s: t.gettext(SOURCE_LABELS[s]))
    if EX_KEY not in ss:
        _new_exercise()
    ex = ss[EX_KEY]
    d = RU.translate(P.solve(ex), t)
    score = ss.get(SCORE_KEY, [0, 0])
    with st.container(horizontal=True, gap="small", vertical_alignment="center"):
        common.caption(t.gettext("Score of this session: {right} right out of {total}").format(
            right=score[0], total=score[1]))
        st.button(t.gettext("Reset the score"), key="pr_reset", on_click=_reset_score, disabled=not score[1])
    _situation(ex, d, t)
    opts = P.choices(d, ex["seed"])
    right = opts.index(PR.rectification(d))
    pick = ss.get(PICK_KEY)
    with st.container(border=True, key="pr_choices"):
        ask = t.gettext("What is the rectification?")
        common.show_html(f"<p class='rl-q'>{common.esc(ask)}</p>")
        for i, rect in enumerate(opts):
            label = PR.rectification_text(rect, t)
            if pick is not None:
                mark = "✓ " if i == right else ("✗ " if i == pick else "")
                label = mark + label
            st.button(label, key=f"pr_opt_{i}", on_click=_pick, args=(i,), width="stretch",
                      disabled=pick is not None and i != pick and i != right)
    if pick is not None:
        _answer(d, ex, pick == right, t)
        st.button(":material/arrow_forward: " + t.gettext("Next exercise"), key="pr_next", on_click=_new_exercise,
                  type="primary")


def _situation(ex: dict, d: dict, t) -> None:
    from present.auction import call_text

    follows = d.get("follows") or d.get("edition")
    with st.container(border=True):
        common.show_html("<p class='pub-label'>" + common.esc(PR.edition_text(follows, t)) + "</p>")
        if ex.get("auction"):
            state = A.replay(ex["auction"], ex["dealer"])
            calls = " · ".join(f"{common.seat(c.seat, t)} {call_text(c.call, t)}" for c in state.calls
                               if not getattr(c, "synthetic", False))
            common.show_html(f"<p><b>{common.esc(t.gettext('Dealer'))}:</b> {common.esc(common.seat(ex['dealer'], t))}"
                             f"<br><b>{common.esc(t.gettext('Auction record'))}:</b> <code>{common.esc(ex['auction'])}"
                             f"</code><br>{common.esc(calls)}</p>")
        else:
            tree = common.trees().get(ex.get("tree"))
            if tree is not None:
                common.show_html(f"<p><b>{common.esc(t.gettext(tree.title))}</b></p>")
        facts = P.director_facts(ex, d)
        if facts:
            intro = t.gettext("The director establishes:")
            common.show_html(f"<p class='pub-label'>{common.esc(intro)}</p><ul>" + "".join(
                f"<li>{common.esc(PR.question_text(k, t))} → <b>{common.esc(PR.option_label(k, v, t))}</b></li>"
                for k, v in facts) + "</ul>")


def _answer(d: dict, ex: dict, right: bool, t) -> None:
    key, gp = PR.governing(d, common.corpus())
    if right:
        st.success(common.md(t.gettext("Right.")), icon=":material/check_circle:")
    else:
        common.warning(t.gettext("Not this one: the ruling is below."))
    with st.container(border=True):
        law = common.law_link(key, key.display, gp.lang if gp else None, t) if key else ""
        common.show_html(f"<p class='rl-card-head'>{common.esc(t.gettext('Ruling'))} · {law}</p>")
        title = ex.get("title")
        if title:  # the worked example's own title (translated with its tree)
            common.caption(t.gettext(title))
        st.markdown(common.md(d["explanation"]))
        common.show_html("<table class='rl-rows'>" + "".join(
            f"<tr><td><b>{common.esc(a)}</b></td><td>{common.esc(b)}</td></tr>"
            for a, b in PR.ruling_rows(d, t)) + "</table>")
        if gp is not None:
            common.show_html(f"<p><b>{common.esc(t.gettext('The governing provision'))}</b> · "
                             f"<span class='pub-label'>{common.esc(common.lang_label(gp.lang, t))} · "
                             f"{common.esc(common.pub_label(gp))}</span></p>" + common.provision_html(gp, t))
