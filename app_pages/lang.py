"""The interface language: ``?lang=`` wins, then the language chosen in this session, then the
browser's; its translator and its bidding notation; widgets whose options are shown translated."""
from __future__ import annotations

import re

import streamlit as st

from i18n import LANGS, language_name, translator
from laws import notation as N

LANG_KEY = "ui_lang"          # session_state key of the current interface language
BAD_LANG_KEY = "_bad_lang"    # a ?lang= value that is not one of the interface languages


def supported(code: str | None) -> str | None:
    """``nl-BE`` -> ``nl``; None for a language the interface does not speak."""
    if not code:
        return None
    c = code.replace("-", "_").split("_")[0].strip().lower()
    return c if c in LANGS else None


def accept_language(header: str | None) -> str | None:
    """The best interface language of an ``Accept-Language`` header (by q-value, then order).

    >>> accept_language("fr-FR,fr;q=0.9,nl;q=0.8,en;q=0.7")
    'nl'
    >>> accept_language("de") is None
    True
    """
    if not header:
        return None
    ranked = []
    for i, part in enumerate(header.split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        m = re.search(r"q\s*=\s*([0-9.]+)", params)
        if m:
            try:
                q = float(m[1])
            except ValueError:
                q = 0.0
        ranked.append((-q, i, tag))
    for _, _, tag in sorted(ranked):
        code = supported(tag)
        if code:
            return code
    return None


def browser_lang() -> str:
    """The browser's language (``navigator.language``, then ``Accept-Language``), or English."""
    code = supported(st.context.locale)
    if code:
        return code
    return accept_language(st.context.headers.get("Accept-Language")) or "en"


def init_lang() -> str:
    """Settle the interface language for this run: ``?lang=`` wins, then the language chosen in
    this session, then the browser's. Called before anything is drawn."""
    raw = st.query_params.get("lang")
    st.session_state.pop(BAD_LANG_KEY, None)
    if raw is not None:
        code = supported(raw)
        if code is None:
            st.session_state[BAD_LANG_KEY] = raw
        else:
            st.session_state[LANG_KEY] = code
    if st.session_state.get(LANG_KEY) not in LANGS:
        st.session_state[LANG_KEY] = browser_lang()
    return st.session_state[LANG_KEY]


def bad_lang() -> str | None:
    """A ``?lang=`` value of this run that is not a language of the interface."""
    return st.session_state.get(BAD_LANG_KEY)


def lang() -> str:
    """The interface language of this run."""
    code = st.session_state.get(LANG_KEY)
    return code if code in LANGS else init_lang()


def tr():
    """The translator of the interface language."""
    return translator(lang())


def lang_label(code: str, t=None) -> str:
    """The name of a language in the interface language (``Neerlandés``)."""
    return language_name(code, (t or tr()).lang)


def notation() -> str:
    """The bidding notation of the interface language (``es``: ``1C`` is one heart)."""
    code = lang()
    return code if code in N.CODES else N.DEFAULT


# -- widgets whose value lives under a canonical name -------------------------------------------
# A widget keeps its identity (its key) when the interface language changes, but the browser
# does not redraw the translated option labels of a radio or a selectbox (it shows the radio
# unselected and the selectbox's old label). And a widget whose value the app itself changed (a
# link, an example, an uploaded record) may report its old value back from the browser, as if the
# director had chosen it. Such widgets get a key per language and per change made by the app, and
# their value lives under a canonical session key: ``widget_key`` before the widget, ``keep`` as
# (or in) its on_change callback.
def widget_key(name: str, default=None) -> str:
    """The key of the widget for ``name`` now, set to ``name``'s value: a new key when the
    language changed or when the app changed the value since the widget was drawn."""
    ss = st.session_state
    if name not in ss and default is not None:
        ss[name] = default
    version = ss.get(f"{name}.v", 0)
    key = f"{name}.{lang()}.{version}"
    if name in ss and key in ss and ss[key] != ss[name]:  # changed by the app, not by this widget
        version += 1
        ss[f"{name}.v"] = version
        key = f"{name}.{lang()}.{version}"
    if name in ss:
        ss[key] = ss[name]
    ss[f"{name}.key"] = key
    return key


def keep(name: str) -> None:
    """Callback: store the widget's new value under its canonical name."""
    ss = st.session_state
    ss[name] = ss.get(ss.get(f"{name}.key", f"{name}.{lang()}.0"))
