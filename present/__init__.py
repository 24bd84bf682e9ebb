"""What the front ends (the app, the command line, the docs) need to present a provision, an
auction, a ruling or a score, in one neutral place below them.

The front ends never import each other: the ``rulebook`` CLI and the Streamlit app both call
these functions, so a provision, an auction or a score reads the same in both. Everything here
is plain data or plain text, translated with the translator ``t`` the caller passes
(:func:`i18n.translator`); nothing here imports Streamlit, argparse or Sphinx.
"""
from __future__ import annotations


class UserError(Exception):
    """A mistake of the user's (an unknown key, an illegal auction...), already translated by the
    raiser; ``data`` is what ``--json`` reports with it. The CLI prints it on stderr with exit
    status 2, the app shows it as an error box."""

    def __init__(self, message: str, data: dict | None = None):
        super().__init__(message)
        self.message = message
        self.data = data or {}
