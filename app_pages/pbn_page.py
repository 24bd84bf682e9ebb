"""Session file (PBN), phone first: open the PBN file of a session (uploaded, or its text pasted)
and see its boards and tables as cards, the irregular ones first, each irregular call with a
button that opens its ruling on the ruling page (``ruling?dealer=N&auction=...``), and every place
where the file contradicts itself (the Contract or Declarer tag against the auction, a ``^``
declarer, an unfinished auction...).

The file is read and replayed once (:mod:`present.pbn`, the same code as ``rulebook auction
--pbn``) and kept for the session; nothing of the file is rendered as Markdown or HTML: every
value it holds goes through :func:`app_pages.common.md`.

The replay and the rulings follow the edition of the Laws chosen on the page (the shared control
of :mod:`app_pages.edition`; by default the one in force for the interface language's
federation), and a ruling button opens the ruling page in that edition. ``app.py`` registers the
page with one line of its ``PAGES``.
"""
from __future__ import annotations

import hashlib

import streamlit as st

from i18n import N_
from laws import notation as NT
from laws.rulings import pbn_check as PC

from present import UserError
from present import pbn as P
from present.auction import seat_name

from . import common, edition, files

TITLE = N_("Session file (PBN)")

UPLOAD_KEY, PASTE_KEY, SHOW_KEY, PAGE_KEY, CACHE_KEY = "pb_upload", "pb_paste", "pb_show", "pb_page", "_pb_session"
EDITION_KEY = "pb_edition"
BOARDS_PER_PAGE = 10
SHOW = {"problems": N_("Irregular or contradicted"), "all": N_("Every board")}
# 44 px touch targets (2.75rem), cards that wrap on a 390 px screen
CSS = """<style>
.st-key-pb_cards button, .st-key-pb_show button {min-height: 2.75rem;}
.pb-line {margin: 0 0 .15em 0; line-height: 1.4; overflow-wrap: anywhere;}
</style>"""


def _notation() -> str:
    lang = common.lang()
    return lang if lang in NT.CODES else NT.DEFAULT


def _input() -> tuple[bytes | None, str]:
    up = files.opened(UPLOAD_KEY)
    if up is not None:
        return up.data, up.name
    text = st.session_state.get(PASTE_KEY) or ""
    return (text.encode("utf-8"), "pasted.pbn") if text.strip() else (None, "")


def _session(data: bytes, name: str, t, laws_edition: str):
    """The file read and replayed once per content and edition (kept in the session)."""
    key = (hashlib.sha256(data).hexdigest(), t.lang, laws_edition)
    kept = st.session_state.get(CACHE_KEY)
    if kept and kept[0] == key:
        return kept[1]
    session = P.load(name, t, raw=data, edition=laws_edition)
    st.session_state[CACHE_KEY] = (key, session)
    return session


def page() -> None:
    t = common.tr()
    st.html(CSS)
    st.title(t.gettext(TITLE), anchor=False)
    common.set_title(t.gettext(TITLE))
    st.caption(t.gettext("Open the PBN file of a session (from the scoring program, BBO, RealBridge...): every table "
                         "of every board is replayed, the irregular ones first, each with its ruling, and every place "
                         "where the file contradicts itself is shown."))
    files.picker(UPLOAD_KEY, t.gettext("PBN file"), ("pbn", "txt"), t)
    with st.expander(t.gettext("Or paste the text of the file")):
        st.text_area(t.gettext("PBN text"), key=PASTE_KEY, height=160)
    data, name = _input()
    if not data:
        common.info(t.gettext("No file yet: choose a .pbn file above, or paste its text."))
        return
    laws_edition = edition.control(EDITION_KEY, t)
    try:
        session = _session(data, name, t, laws_edition)
    except UserError as e:
        common.error(e.message)
        return
    _overview(session, t)


def _overview(session, t) -> None:
    st.markdown(common.md(P.summary_text(session, t)))
    notation = _notation()
    for f in session.pbn.findings:
        common.warning(t.gettext("line {line}: {message}").format(line=f.line, message=P.finding_text(f, t, notation)))
    options = list(SHOW)
    show = st.segmented_control(t.gettext("Show"), options, format_func=lambda k: t.gettext(SHOW[k]), key=SHOW_KEY,
                                default="problems") or "problems"
    boards = _boards(session, show)
    if not boards:
        common.info(t.gettext("No table with an irregularity or a contradiction: every auction agrees with its tags."))
        return
    pages = (len(boards) + BOARDS_PER_PAGE - 1) // BOARDS_PER_PAGE
    n = 0
    if pages > 1:
        n = st.selectbox(t.gettext("Boards"), range(pages), key=PAGE_KEY, placeholder=t.gettext("Boards"),
                         format_func=lambda k: t.gettext("{first}–{last} of {count}").format(
                             first=k * BOARDS_PER_PAGE + 1, last=min((k + 1) * BOARDS_PER_PAGE, len(boards)),
                             count=len(boards))) or 0
    with st.container(key="pb_cards"):
        for board, reports in boards[n * BOARDS_PER_PAGE:(n + 1) * BOARDS_PER_PAGE]:
            _board_card(board, reports, t, notation)


def _rank(r) -> int:
    return 0 if r.irregularities else 1 if (r.findings or r.error is not None) else 2


def _boards(session, show: str) -> list:
    """(board, its tables) in file order of the boards, the boards with an irregular table first, then those
    the file contradicts; with ``problems``, only the tables with an irregularity or a finding."""
    reports = [r for r in session.reports if show == "all" or _rank(r) < 2]
    order: dict = {}
    for r in reports:
        order.setdefault(r.game.board or "", []).append(r)
    boards = list(order.items())
    boards.sort(key=lambda b: min(_rank(r) for r in b[1]))
    return [(board, sorted(rs, key=_rank)) for board, rs in boards]


def _board_card(board: str, reports: list, t, notation: str) -> None:
    with st.container(border=True):
        head = t.gettext("Board {board}").format(board=board) if board else t.gettext("No board number")
        tables = t.ngettext("{n} table", "{n} tables", len(reports)).format(n=len(reports))
        st.markdown(f"**{common.md(head)}** · {common.md(tables)}")
        for r in reports:
            _table(r, t, notation)


def _table(r, t, notation: str) -> None:
    g = r.game
    st.markdown(f'<p class="pb-line"><b>{common.esc(P.game_heading(r, t))}</b> · '
                f'{common.esc(P.players_text(g, t, notation))}</p>', unsafe_allow_html=True)
    if r.contract and r.contract != "Pass":
        line = t.gettext("{contract} by {seat}").format(contract=P.contract_words(r.contract, t, notation),
                                                         seat=seat_name(r.declarer, t, notation) if r.declarer else "-")
    else:
        line = P.contract_words(r.contract, t, notation) if r.contract else t.gettext("No contract")
    if r.source == "tags":
        line += " " + t.gettext("(from the tags)")
    if g.tags.get("Result"):
        line += " · " + t.gettext("result {result}").format(result=g.tags["Result"])
    st.markdown(f'<p class="pb-line">{common.esc(line)}</p>', unsafe_allow_html=True)
    if g.auction is not None:
        st.markdown(f'<p class="pb-line">{common.esc(NT.reading(PC.record_text(g.auction.record), notation, short=True))}'
                    f'</p>', unsafe_allow_html=True)
    if r.error is not None:
        common.error(t.gettext("line {line}: the auction cannot be replayed: {message}").format(
            line=r.error_line, message=P.error_text(r, t)))
    if r.findings:
        common.warning("\n".join("• " + P.finding_text(f, t, notation) for f in r.findings))
    for call in PC.irregular_calls(r):
        labels = "; ".join(P.irregularity_label(i, r.state, t, notation) for i in call["irregularities"])
        ed = edition.chosen(EDITION_KEY)  # the law keys of the label are this edition's: say so
        words = t.gettext("Ruling: {what}").format(what=labels) + " · " + t.gettext(edition.OPTION).format(edition=ed)
        if st.button(":material/gavel: " + common.md(words),
                     key=f"pb_rule_{g.index}_{call['position']}", width="stretch"):
            common.switch_to("ruling", dealer=g.auction.dealer, auction=call["record"], edition=ed)
