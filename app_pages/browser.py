"""The app's scripts in the browser: Streamlit components without frame whose code is a static
file of the app (``app_pages/static/*.js``, served by :mod:`app_pages.server`), loaded once and
cached by the browser.

:func:`mount_links` mounts ``nav.js`` at the start of every run (links followed in place, as soon
as the page shows), :func:`mount_previews` gives it at the end of the run the previews of the
provisions the page cites (registered by :func:`app_pages.links.law_link` during the run) and the
scroll to the element a page asks for (:func:`scroll_to`).
"""
from __future__ import annotations

import streamlit as st

from i18n import N_

from . import server

PREVIEWS_KEY = "_rb_previews"
SCROLL_KEY = "_rb_scroll"
NAV_KEY, PREVIEWS_NAV_KEY, TAIL_KEY = "rb_nav", "rb_previews", "rb_tail"

# Streamlit's own English that only a screen reader hears, whatever the page's language (the
# aria-labels of its controls, its skip link): the page's words for each, which ``nav.js`` puts in
# their place (Streamlit has no option for them). Its Material icons ("undo icon") are hidden there.
STREAMLIT_WORDS = {
    "Open": N_("Show the choices"),                      # a select box's arrow
    "Scroll tabs left": N_("Show the tabs on the left"),
    "Scroll tabs right": N_("Show the tabs on the right"),
    "Skip to main content": N_("Skip to the page's content"),
}


# The code of every component: import the static module named by ``data.src`` (cached by the
# browser) and give its default export the component's arguments, as a component's own code.
LOADER = """export default async function (component) {
  const mod = await import(new URL(component.data.src, window.location.href).href);
  return mod.default(component);
}
"""


def component(name: str, script: str):
    """A component running ``app_pages/static/<script>``; call it with ``data`` (``src`` is added)."""
    mount = st.components.v2.component(name, js=LOADER, isolate_styles=False)

    def run(*, data: dict, **kw):
        return mount(data={**data, "src": server.asset_url(script)}, **kw)

    return run


_nav = component("rulebook_nav", "nav.js")


def begin_run() -> None:
    st.session_state[PREVIEWS_KEY] = {}
    st.session_state.pop(SCROLL_KEY, None)


def previews() -> dict:
    """The previews of this run (id -> ``{"key", "head", "body"}``), filled by the links."""
    return st.session_state.setdefault(PREVIEWS_KEY, {})


def scroll_to(selector: str, token: str) -> None:
    """Bring the element ``selector`` to the top of the screen once for each new ``token`` (the
    step of a ruling: a new question, or its card)."""
    st.session_state[SCROLL_KEY] = {"selector": selector, "token": token}


def mount_links(t) -> None:
    """The script of in-place links, mounted first (in the bar's container, no visible element):
    links work as soon as the page shows, before the run has ended. ``t``: the page's translator
    (the previews' "Open", Streamlit's words for a screen reader)."""
    words = {en: t.gettext(msgid) for en, msgid in STREAMLIT_WORDS.items()}
    _nav(key=NAV_KEY, data={"open": t.gettext("Open"), "words": words, "base": server.base_path()})


def mount_previews() -> None:
    """The previews of the provisions this run's links cite, and the scroll to the step a page asked
    for: given to the same script at the end of the run (no visible element)."""
    with st.container(key=TAIL_KEY):
        _nav(key=PREVIEWS_NAV_KEY, data={"previews": previews(), "scroll": st.session_state.get(SCROLL_KEY)})
