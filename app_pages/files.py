"""Opening a file in the reader's language: the PBN page's session file, the ruling page's record.

Streamlit's own uploader speaks English whatever the page's language ("Upload", "1MB per file",
"Drag and drop a file here", "text/plain files are not allowed."), so the app has its own
picker: a component whose code is a static file (``static/files.js``, mounted through
:mod:`app_pages.browser`) with a 44 px button, the limit and the types, a drop zone for a mouse,
the chosen file's name and size with a button to remove it, and every message in the reader's
language. The browser reads the file and sends it once, as a trigger value (not sent again with
later runs); :func:`take` checks it again (size, type) before the page sees it.

The largest file is ``server.maxUploadSize`` of ``.streamlit/config.toml`` (read with
``st.get_option``: one limit for every upload of the app); a picker may ask a smaller one.
"""
from __future__ import annotations

import base64
import binascii
from dataclasses import dataclass
from typing import Callable

import streamlit as st

from . import browser
from .lang import lang

_mount = browser.component("rulebook_files", "files.js")
MB = 1024 * 1024


@dataclass(frozen=True)
class Opened:
    """A file the reader opened: its name and its bytes."""
    name: str
    data: bytes


class Refused(ValueError):
    """A file the picker does not take: ``reason`` is ``"size"`` or ``"type"`` or ``"unreadable"``."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def limit_mb() -> int:
    """The largest file the app takes, in MB (``server.maxUploadSize``)."""
    return int(st.get_option("server.maxUploadSize"))


def take(sent, types: tuple[str, ...], limit: int) -> Opened | None:
    """What the browser sent (``{"name", "data": base64}``; ``None`` or no name: the file was
    removed) as a file of one of ``types`` (extensions) of at most ``limit`` bytes.

    >>> take({"name": "a.json", "data": "e30="}, ("json",), 10)
    Opened(name='a.json', data=b'{}')
    >>> take({"name": "a.txt", "data": "e30="}, ("json",), 10)  # doctest: +IGNORE_EXCEPTION_DETAIL
    Traceback (most recent call last):
    Refused: type
    >>> take(None, ("json",), 10) is None
    True
    """
    if not isinstance(sent, dict) or not sent.get("name"):
        return None
    name, data = str(sent["name"]), sent.get("data")
    if types and name.rsplit(".", 1)[-1].lower() not in types:
        raise Refused("type")
    if not isinstance(data, str) or len(data) > (limit + 2) // 3 * 4 + 4:  # base64: 4 characters for 3 bytes
        raise Refused("size" if isinstance(data, str) else "unreadable")
    try:
        raw = base64.b64decode(data, validate=True)
    except (binascii.Error, ValueError):
        raise Refused("unreadable") from None
    if len(raw) > limit:
        raise Refused("size")
    return Opened(name, raw)


def _messages(t, types: tuple[str, ...], limit_in_mb: int) -> dict:
    kinds = ", ".join("." + x for x in types)
    return {
        "choose": t.gettext("Choose a file"),
        "limit": t.gettext("Up to {size} MB · {types}").format(size=limit_in_mb, types=kinds),
        "drop": t.gettext("or drop it here"),
        "dropping": t.gettext("Drop the file here"),
        "reading": t.gettext("Reading the file…"),
        "remove": t.gettext("Remove the file"),
        "size": t.gettext("This file is larger than {size} MB: it cannot be opened here.").format(size=limit_in_mb),
        "type": t.gettext("Only {types} files can be opened here.").format(types=kinds),
        "unreadable": t.gettext("This file could not be read."),
    }


def opened(key: str) -> Opened | None:
    """The file opened in the picker ``key`` (None: none)."""
    return st.session_state.get(key + ".file")


def picker(key: str, label: str, types: tuple[str, ...], t, on_open: Callable[[], None] | None = None,
           max_mb: int | None = None) -> None:
    """Draw the picker ``key`` (in a container of that key: CSS class ``st-key-<key>``); a file
    chosen is kept (:func:`opened`) and ``on_open`` called; a file removed is forgotten."""
    ss = st.session_state
    size_mb = min(max_mb or limit_mb(), limit_mb())
    msgs = _messages(t, types, size_mb)

    def changed() -> None:
        value = ss.get(key + ".picker")
        sent = value.get("file") if hasattr(value, "get") else getattr(value, "file", None)
        try:
            ss[key + ".file"] = take(sent, types, size_mb * MB)
            ss.pop(key + ".error", None)
        except Refused as e:
            ss[key + ".file"], ss[key + ".error"] = None, msgs[e.reason]
        if ss[key + ".file"] is not None and on_open is not None:
            on_open()

    f = opened(key)
    with st.container(key=key):
        _mount(key=key + ".picker", on_file_change=changed,
               data={"label": label, "accept": ",".join("." + x for x in types), "max": size_mb * MB,
                     "lang": lang(), "messages": msgs, "error": ss.get(key + ".error"),
                     "current": {"name": f.name, "size": len(f.data)} if f else None})
