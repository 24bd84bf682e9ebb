"""The edition of the Laws a page rules by (the ruling assistant, practice): the director's
choice among the registry's editions (:func:`laws.editions.editions`), by default the edition the
engine rules by for the interface language's federation (:func:`laws.rulings.trees.default_edition`:
the edition in force for it, :func:`laws.editions.in_force_for_lang`, once its trees rule on
every irregularity). No edition is named in the code: they are data."""
from __future__ import annotations

from typing import Callable

import streamlit as st

from i18n import N_
from laws import editions as ED
from laws.rulings import trees as R

from .lang import keep, lang, widget_key
from .ui import caption

OPTION = N_("{edition} Laws")


def default() -> str:
    return R.default_edition(lang())


def chosen(key: str) -> str:
    """The edition chosen under ``key`` (a valid one), else the default."""
    ed = st.session_state.get(key)
    return ed if ed in ED.editions() else default()


def choose(key: str, ed: str) -> None:
    """The app itself chooses the edition (a link, an uploaded record, a button); the switch is
    drawn anew (:func:`app_pages.lang.widget_key`)."""
    st.session_state[key] = ed


def control(key: str, t, on_change: Callable[[], None] | None = None) -> str:
    """The switch between the editions (the one in use marked), and a word when the one in use is
    not the one in force for the language's federation; returns the edition in use."""

    def changed() -> None:
        keep(key)
        if on_change is not None:
            on_change()

    st.segmented_control(t.gettext("Edition of the Laws"), ED.editions(), key=widget_key(key, chosen(key)),
                         required=True, on_change=changed, format_func=lambda e: t.gettext(OPTION).format(edition=e))
    force, ed = ED.in_force_for_lang(lang()), chosen(key)
    if ed != force and ed == default():  # the edition in force has no trees for every irregularity yet
        caption(t.gettext("The {force} Laws are in force for the federation of this language; the assistant rules by "
                          "the {edition} Laws until the trees of the {force} Laws cover every irregularity.").format(
            force=force, edition=ed))
    elif ed != force:
        caption(t.gettext("The {edition} Laws are in force for the federation of this language.").format(edition=force))
    return chosen(key)
