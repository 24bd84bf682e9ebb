"""Practice: exercises from the decision trees' worked examples and from generated auctions, in
the interface language and the edition of the Laws chosen (:mod:`app_pages.edition`). The player
chooses the rectification; the app answers with the ruling of :func:`laws.rulings.rule.rule` and
the provision that decides it, and keeps the score of the session.

An exercise teaches: never the same decision tree twice in a row, and choices that differ in what
the law decides (who must pass and for how long, lead restrictions), never only in a note that
"Law 23 may apply" or that an adjusted score is possible.

Deep link: ``practice?source=generated`` (or ``examples``), ``&edition=<an edition id>``.
"""
from __future__ import annotations

import random

import streamlit as st

from i18n import N_
from laws import notation as NT
from laws.rulings import auction as A
from laws.rulings import rule as RU
from present import practice as P
from present import ruling as PR

from . import common, edition

SOURCE_KEY, EX_KEY, PICK_KEY, SCORE_KEY, SEED_KEY = "pr_source", "pr_ex", "pr_pick", "pr_score", "pr_seed"
EDITION_KEY = "pr_edition"
SOURCES = ("examples", "generated")
SOURCE_LABELS = {"examples": N_("Worked examples of the trees"), "generated": N_("Generated auctions")}
TRIES = 40  # exercises drawn at most to find one of another tree


def decision(rect: tuple) -> tuple:
    """What the law decides in a rectification (:func:`present.ruling.rectification`): who must pass
    and for how long, and whether lead restrictions follow; not the notes (Law 23, an adjusted
    score possible)."""
    return rect[:3]


def choices(d: dict, seed: int) -> list[tuple]:
    """The choices of an exercise (:func:`present.practice.choices`), each differing from the
    others in what the law decides."""
    right = PR.rectification(d)
    out, seen = [], {decision(right)}
    for rect in P.choices(d, seed):
        if rect == right:
            out.append(rect)
        elif decision(rect) not in seen:
            seen.add(decision(rect))
            out.append(rect)
    return out


def tree_of(ex: dict) -> str | None:
    """The decision tree an exercise starts in (its irregularity)."""
    path = P.solve(ex).get("path") or []
    return path[0][0] if path else ex.get("tree")


@st.cache_resource(show_spinner=False)
def _examples(ed: str) -> list[dict]:
    """The worked examples of an edition's trees that make an exercise (two choices at least)."""
    return [ex for ex in P.worked_examples(ed) if len(choices(P.solve(ex), 0)) >= 2]


def _draw(seed: int, source: str, ed: str) -> dict | None:
    if source == "generated":
        try:
            ex, d = P.generated(seed, ed)
        except (RuntimeError, RU.RulingError, A.AuctionError):
            return None
        return ex if len(choices(d, seed)) >= 2 else None
    exs = _examples(ed)
    return dict(random.Random(seed).choice(exs)) if exs else None


def _new_exercise() -> None:
    """The next exercise: of another tree than the last one (and not one seen lately)."""
    ss = st.session_state
    source, ed = ss.get(SOURCE_KEY, "examples"), edition.chosen(EDITION_KEY)
    last = ss.get(EX_KEY)
    last_tree = tree_of(last) if last else None
    seed = ss.get(SEED_KEY, random.randrange(1 << 30))
    fallback = None
    for _ in range(TRIES):
        seed += 1
        ex = _draw(seed, source, ed)
        if ex is None:
            continue
        fallback = fallback or (seed, ex)
        if tree_of(ex) != last_tree and (last is None or ex.get("id") != last.get("id")):
            break
    else:
        ex = None
    if ex is None and fallback is not None:
        seed, ex = fallback
    ss[SEED_KEY] = seed
    if ex is not None:
        ex["seed"] = seed
        ss[EX_KEY] = ex
    else:
        ss.pop(EX_KEY, None)
    ss[PICK_KEY] = None


def _source_changed() -> None:
    common.keep(SOURCE_KEY)
    common.update_url(source=st.session_state[SOURCE_KEY])
    _new_exercise()


def _edition_changed() -> None:
    common.update_url(edition=edition.chosen(EDITION_KEY))
    _new_exercise()


def _pick(i: int) -> None:
    ss = st.session_state
    if ss.get(PICK_KEY) is not None or EX_KEY not in ss:
        return
    ss[PICK_KEY] = i
    ex = ss[EX_KEY]
    d = P.solve(ex)
    right = choices(d, ex["seed"]).index(PR.rectification(d)) == i
    score = ss.setdefault(SCORE_KEY, [0, 0])
    score[0] += 1 if right else 0
    score[1] += 1


def _reset_score() -> None:
    st.session_state[SCORE_KEY] = [0, 0]


def score_text(right: int, total: int, t) -> str:
    """``Score of this session: 1 right answer out of 2 exercises``, with each language's plurals."""
    if not total:
        return t.gettext("No exercise answered yet in this session.")
    return t.gettext("Score of this session: {right} out of {total}").format(
        right=t.ngettext("{n} right answer", "{n} right answers", right).format(n=right),
        total=t.ngettext("{n} exercise", "{n} exercises", total).format(n=total))


def page() -> None:
    t = common.tr()
    ss = st.session_state
    common.set_title(t.gettext("Practice"))
    url_source, url_edition = st.query_params.get("source"), st.query_params.get("edition")
    if url_source in SOURCES and ss.get(SOURCE_KEY) != url_source:
        ss[SOURCE_KEY] = url_source
        ss.pop(EX_KEY, None)
    if url_edition and url_edition != ss.get(EDITION_KEY) and url_edition in edition.ED.editions():
        edition.choose(EDITION_KEY, url_edition)
        ss.pop(EX_KEY, None)
    ss.setdefault(SOURCE_KEY, "examples")
    st.title(t.gettext("Practice"), anchor=False)
    if EX_KEY not in ss:
        _new_exercise()
    if EX_KEY not in ss:
        common.info(t.gettext("No exercise of this kind in the {edition} Laws yet: choose another edition or kind.").format(
            edition=edition.chosen(EDITION_KEY)))
    else:
        _exercise(ss[EX_KEY], t)
    # the kind of exercise and the edition after the exercise: on a phone the exercise is the first screen
    st.segmented_control(t.gettext("Exercises"), SOURCES, key=common.widget_key(SOURCE_KEY), required=True,
                         on_change=_source_changed, format_func=lambda s: t.gettext(SOURCE_LABELS[s]))
    edition.control(EDITION_KEY, t, _edition_changed)


def _exercise(ex: dict, t) -> None:
    """The exercise: the score, the situation, the choices, and once answered the ruling and Next."""
    ss = st.session_state
    d = RU.translate(P.solve(ex), t)
    score = ss.get(SCORE_KEY, [0, 0])
    with st.container(horizontal=True, gap="small", vertical_alignment="center"):
        common.caption(score_text(score[0], score[1], t))
        st.button(t.gettext("Reset the score"), key="pr_reset", on_click=_reset_score, disabled=not score[1])
    _situation(ex, d, t)
    opts = choices(d, ex["seed"])
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

    with st.container(border=True, key="pr_situation"):
        common.show_html("<p class='pub-label'>" + common.esc(PR.edition_text(PR.laws_edition(d), t)) + "</p>")
        if ex.get("auction"):
            state = A.replay(ex["auction"], ex["dealer"])
            calls = " · ".join(f"{common.seat(c.seat, t)} {call_text(c.call, t)}" for c in state.calls
                               if not getattr(c, "synthetic", False))
            common.show_html(f"<p><b>{common.esc(t.gettext('Dealer'))}:</b> {common.esc(common.seat(ex['dealer'], t))}"
                             f"<br><b>{common.esc(t.gettext('Auction record'))}:</b> <code>{common.esc(_typed(ex['auction']))}"
                             f"</code><br>{common.esc(calls)}</p>")
        else:
            tree = common.trees(PR.laws_edition(d)).get(ex.get("tree"))
            if tree is not None:
                common.show_html(f"<p><b>{common.esc(t.gettext(tree.title))}</b></p>")
        facts = P.director_facts(ex, d)
        if facts:
            intro = t.gettext("The director establishes:")
            common.show_html(f"<p class='pub-label'>{common.esc(intro)}</p><ul>" + "".join(
                f"<li>{common.esc(PR.question_text(k, t))} → <b>{common.esc(PR.option_label(k, v, t))}</b></li>"
                for k, v in facts) + "</ul>")


def _typed(record: str) -> str:
    """An exercise's record (neutral) in the interface language's notation, as the director types it."""
    try:
        return NT.write_record(record, common.notation())
    except (A.AuctionError, ValueError):
        return record


def _answer(d: dict, ex: dict, right: bool, t) -> None:
    key, gp = PR.governing(d, common.corpus())
    if right:
        st.success(common.md(t.gettext("Right.")), icon=":material/check_circle:")
    else:
        common.warning(t.gettext("Not this one: the ruling is below."))
    with st.container(border=True):
        law = common.law_link(key, key.display, gp.lang if gp else None, t, edition=PR.laws_edition(d)) if key else ""
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
