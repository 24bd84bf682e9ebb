"""The bidding-box keypad of the ruling page: a level, then a denomination; pass, double,
redouble, the director's call (the federation's word on the key, TD in the record); the seat of a call out of rotation; undo and clear.

The taps are applied in the browser (``static/keypad.js``), as fast as they come: the keypad
keeps the record it is building and sends the whole of it, with a sequence number, after each
tap; :func:`keypad` takes it (the record, typed in the interface language's notation, as if the
director had typed it) and tells the browser which number it applied. A tap made while the app
is still answering the last one is therefore never lost.
"""
from __future__ import annotations

from typing import Callable

import streamlit as st

from laws import notation as N
from laws.rulings import auction as A

from . import browser
from .lang import notation

KEY = "rl_keypad"
ACK_KEY = "_rl_kp_ack"
SUITS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}

_mount = browser.component("rulebook_keypad", "keypad.js")


def _data(record: str, t, seat_name: Callable[[str], str], code: str, ack: int = 0) -> dict:
    """What the keypad shows and writes: the letters of notation ``code``, the words of ``t``."""
    n = N.get(code)
    director = t.pgettext("keypad", "TD")
    strains = [{"code": d, "label": SUITS.get(d) or t.pgettext("denomination", "NT"), "letter": n.denoms[d],
                "name": n.denom_names[d], "red": d in ("D", "H")} for d in A.DENOMINATIONS]
    calls = [{"code": "P", "label": t.pgettext("call", "Pass"), "token": "P", "name": t.pgettext("call", "Pass")},
             {"code": "X", "label": "X", "token": "X", "name": t.pgettext("call", "Double")},
             {"code": "XX", "label": "XX", "token": "XX", "name": t.pgettext("call", "Redouble")},
             # the key says the federation's word for the director (Árbitro, WL, Arbitro); it writes TD, the
             # record's token, shown under the word
             {"code": "TD", "label": director, "token": "TD", "sub": "TD" if director != "TD" else "",
              "name": t.gettext("The director is called here")}]
    seats = [{"code": s, "label": seat_name(s), "letter": n.seats[s]} for s in A.SEATS]
    labels = {"levels": t.gettext("Level"), "strains": t.gettext("Denomination"), "calls": t.gettext("Calls"),
              "seat": t.gettext("Next call made by (out of rotation)"), "level_first": t.gettext("Choose a level first"),
              "undo": t.gettext("Remove the last call"), "clear": t.gettext("Clear the record")}
    return {"record": record, "ack": ack, "strains": strains, "calls": calls,
            "seats": seats, "labels": labels}


def take(sent, ack: int) -> tuple[int, str | None]:
    """What the browser sent (``{"text": record, "seq": n}``) against the last number applied:
    (the number now applied, the record to take or None if it is not newer).

    >>> take({"text": "1C 1D", "seq": 3}, 2), take({"text": "1C", "seq": 2}, 3), take(None, 3)
    ((3, '1C 1D'), (3, None), (3, None))
    """
    if not isinstance(sent, dict):
        return ack, None
    try:
        seq = int(sent.get("seq") or 0)
    except (TypeError, ValueError):
        return ack, None
    if seq <= ack:
        return ack, None
    return seq, str(sent.get("text") or "")


def keypad(record: str, t, seat_name: Callable[[str], str], on_record: Callable[[str], None]) -> None:
    """Draw the keypad for ``record`` (typed, in the interface's notation); ``on_record(text)`` is
    called with the new record after taps."""

    def changed() -> None:
        value = st.session_state.get(KEY)
        sent = value.get("record") if hasattr(value, "get") else getattr(value, "record", None)
        ack, text = take(sent, st.session_state.get(ACK_KEY, 0))
        st.session_state[ACK_KEY] = ack
        if text is not None:
            on_record(text)

    _mount(key=KEY, data=_data(record, t, seat_name, notation(), st.session_state.get(ACK_KEY, 0)),
           on_record_change=changed)
